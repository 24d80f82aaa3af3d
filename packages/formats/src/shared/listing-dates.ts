/** 2026-01-01, a fixed date: listings carry no real creation time. */
export const LISTING_CREATED = 1_767_225_600;
export const LISTING_CREATED_ISO = new Date(LISTING_CREATED * 1000).toISOString();
