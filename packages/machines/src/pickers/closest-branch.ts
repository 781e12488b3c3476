import type { Schemas } from '@portal/sdk';

type Branch = Schemas['Branch'];

/** Spec §7, §9: the browser geolocation is asked with high accuracy and a 5000 ms timeout. */
export const GEOLOCATION_OPTIONS = { enableHighAccuracy: true, timeout: 5000 } as const;

/** Spec §9: great-circle distance with an Earth radius of 6371 km. */
export const EARTH_RADIUS_KM = 6371;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in kilometres. */
export function distanceKm(from: Coordinates, to: Coordinates): number {
  const dLat = toRadians(to.latitude - from.latitude);
  const dLon = toRadians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The enabled branch nearest to the position (the first of equals wins). When no enabled branch
 * is found, the first branch of the list (spec §4); undefined for an empty list.
 */
export function closestBranch(branches: Branch[], position: Coordinates): Branch | undefined {
  let best: { branch: Branch; distance: number } | undefined;
  for (const branch of branches) {
    if (!branch.Enabled) continue;
    const distance = distanceKm(position, {
      latitude: branch.Latitude,
      longitude: branch.Longitude,
    });
    if (best === undefined || distance < best.distance) best = { branch, distance };
  }
  return best?.branch ?? branches[0];
}
