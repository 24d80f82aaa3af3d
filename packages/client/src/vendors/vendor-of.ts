import type { ModelTarget } from '../model-target';
import { UrlMemo } from '../url-memo';
import { VENDOR_RULES, type Vendor } from './registry';

/** The vendor a base URL's host shows, worked out once per URL string. */
const HOST_VENDORS = new UrlMemo<Vendor>();

/** The first vendor in the registry whose hosts match the base URL's hostname; `other` for none (or no URL). */
function hostVendor(baseURL: string): Vendor {
  let hostname: string;
  try {
    hostname = new URL(baseURL).hostname;
  } catch {
    return 'other';
  }
  for (const vendor of VENDOR_RULES) if (vendor.hosts.test(hostname)) return vendor.name;
  return 'other';
}

/** Whose API a target reaches: as its `vendor` says, else as its base URL's host shows. */
export function vendorOf(target: Pick<ModelTarget, 'baseURL' | 'vendor'>): Vendor {
  return target.vendor ?? HOST_VENDORS.get(target.baseURL, hostVendor);
}
