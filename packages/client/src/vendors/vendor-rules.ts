import type { NeutralRequest, Warning } from '@bench/formats';
import type { ModelTarget } from '../model-target';
import type { Vendor } from './registry';

/**
 * An adjustment of the neutral request before the codec formats it. `vendor` is whose API the request goes to
 * (as `vendorOf` says): a rule that runs at every other vendor's API meets many.
 */
export type BeforeFormat = (target: ModelTarget, vendor: Vendor, upstream: NeutralRequest) => void;

/**
 * An adjustment of the formatted body (the model's options merged under it), with a warning for whatever it
 * leaves out or changes; `upstream` is the neutral request the body was formatted from.
 */
export type AfterFormat = (target: ModelTarget, vendor: Vendor, body: Record<string, unknown>, warnings: Warning[], upstream: NeutralRequest) => void;

/** Rules for one side of the codec, each run in the order written. */
export interface RequestRules {
  readonly before?: readonly BeforeFormat[];
  readonly after?: readonly AfterFormat[];
}

/**
 * One vendor's API: how its hosts are told, and the rules only it has. A rule checks the protocol it applies to
 * (`target.api`) and the model's settings, never the vendor: the registry decides where it runs.
 */
export interface VendorRules<Name extends string = string> {
  readonly name: Name;
  /** Its API's hostnames, tested against a base URL's `hostname`: anchored at the end (`$`) and at a dot or the start (`(^|\.)`), so no lookalike host matches. */
  readonly hosts: RegExp;
  /** Rules for a request to this vendor's API. */
  readonly request?: RequestRules;
  /** Rules for a request to any other vendor's API: leaving out the fields only this one reads. */
  readonly elsewhere?: RequestRules;
  /** Vendors whose own fields this API reads too: their `elsewhere` rules skip it (MiniMax reads OpenRouter's). */
  readonly alsoReads?: readonly Vendor[];
}
