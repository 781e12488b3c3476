import { createContext, useContext } from 'react';

/**
 * Resolves a root-relative URL the API hands out (an employee's portrait, a coupon's image) to
 * where it is served: this page's origin, or the API host of a deployment that calls one
 * (docs/decisions/026). The app provides it; the default leaves a URL as it is.
 */
export const AssetUrlContext = createContext<(url: string) => string>((url) => url);

/** The resolver of the API's root-relative URLs (see `AssetUrlContext`). */
export function useAssetUrl(): (url: string) => string {
  return useContext(AssetUrlContext);
}
