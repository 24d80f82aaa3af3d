import type { AfterFormat, BeforeFormat, VendorRules } from './vendor-rules';
import { VENDOR_RULES, type Vendor } from './registry';

/** The rules a request to one vendor's API meets, in the order they run: worked out once, when the module loads. */
export interface VendorPlan {
  /** Before formatting, on the neutral request: other vendors' `elsewhere` rules, then its own. */
  readonly before: readonly BeforeFormat[];
  /** After formatting, first: other vendors' `elsewhere` rules (the fields only they read, left out). */
  readonly foreign: readonly AfterFormat[];
  /** After formatting, last (after the rules of the protocol and of the model's own settings): its own rules. */
  readonly own: readonly AfterFormat[];
}

/**
 * The plan for a request to `self`'s API (undefined: a vendor with no rules of its own, `other`), from an ordered
 * registry: other vendors' rules in the registry's order, then `self`'s in the order its file writes them. A
 * vendor's `elsewhere` rules skip itself and the vendors that read its fields too (`alsoReads`).
 */
export function planFor(registry: readonly VendorRules[], self: VendorRules | undefined): VendorPlan {
  const before: BeforeFormat[] = [];
  const foreign: AfterFormat[] = [];
  for (const vendor of registry) {
    if (vendor === self || self?.alsoReads?.includes(vendor.name as Vendor)) continue;
    before.push(...(vendor.elsewhere?.before ?? []));
    foreign.push(...(vendor.elsewhere?.after ?? []));
  }
  before.push(...(self?.request?.before ?? []));
  return { before, foreign, own: self?.request?.after ?? [] };
}

const PLANS = new Map<string, VendorPlan>(VENDOR_RULES.map((vendor) => [vendor.name, planFor(VENDOR_RULES, vendor)]));
const OTHER = planFor(VENDOR_RULES, undefined);

/** The plan for a request to the vendor's API: `other`'s for `other` (and for a name validation would refuse). */
export function planOf(vendor: Vendor): VendorPlan {
  return PLANS.get(vendor) ?? OTHER;
}
