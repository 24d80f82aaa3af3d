import { healthState, isPromise, type HealthStore } from '@bench/contracts';
import type { GatewayConfig } from '../config/resolved-config';

export interface MemberView {
  alias: string;
  /** `half-open`: cooled down, one probe is let through. */
  health: 'ready' | 'cooling' | 'half-open';
  /** Cooling until then (epoch ms); null otherwise. */
  until: number | null;
  why: 'rate-limited' | 'failures' | null;
  adHoc: boolean;
  retired: { at: string; why?: string } | null;
}

export interface CollectionView {
  name: string;
  description: string | null;
  reply: string;
  order: string;
  shape: string | null;
  shaper: string | null;
  merger: string | null;
  members: MemberView[];
}

/** Each collection with its members' health as the router reads it now. */
export async function collectionsView(config: GatewayConfig, health: HealthStore, now: number): Promise<CollectionView[]> {
  const aliases = [...new Set(Object.values(config.collections).flatMap((collection) => collection.members))];
  const reading = health.read(aliases, now);
  const healths = isPromise(reading) ? await reading : reading;
  return Object.values(config.collections).map((collection) => ({
    name: collection.name,
    description: collection.description ?? null,
    reply: collection.reply,
    order: collection.order,
    shape: collection.shape ?? null,
    shaper: collection.shaper ?? null,
    merger: collection.merger ? collection.merger : null,
    members: collection.members.map((alias): MemberView => {
      const member = healths.get(alias);
      const state = healthState(member, now);
      const limited = member !== undefined && member.limitedUntil > now;
      const until = state === 'cooling' && member ? Math.max(member.limitedUntil, member.openUntil, member.probeUntil) : null;
      const model = config.models[alias];
      return {
        alias,
        health: state === 'healthy' ? 'ready' : state,
        until,
        why: state === 'cooling' ? (limited ? 'rate-limited' : 'failures') : null,
        adHoc: model?.adHoc === true,
        retired: model?.retired ?? null,
      };
    }),
  }));
}
