import { describe, expect, test } from 'vitest';
import {
  branch,
  espooTapiola,
  helsinkiArabia,
  helsinkiItakeskus,
  helsinkiKamppi,
  tampereKeskusta,
  turkuDisabled,
} from '../testing/branches.ts';
import {
  EARTH_RADIUS_KM,
  GEOLOCATION_OPTIONS,
  closestBranch,
  distanceKm,
} from './closest-branch.ts';

const helsinkiRailwayStation = { latitude: 60.1719, longitude: 24.9414 };

describe('closest branch', () => {
  test('Geolocation is asked with high accuracy and a 5000 ms timeout', () => {
    expect(GEOLOCATION_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 5000 });
  });

  test('Distances are great-circle distances on a 6371 km sphere', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    // A quarter of a meridian: pi/2 * R.
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 90, longitude: 0 })).toBeCloseTo(
      (Math.PI / 2) * 6371,
      6,
    );
    // Helsinki–Tampere is about 160 km as the crow flies.
    expect(
      distanceKm(helsinkiRailwayStation, { latitude: 61.4978, longitude: 23.761 }),
    ).toBeCloseTo(160.3, 0);
    expect(distanceKm(helsinkiRailwayStation, helsinkiRailwayStation)).toBe(0);
  });

  test('The nearest enabled branch wins', () => {
    const branches = [tampereKeskusta, espooTapiola, helsinkiItakeskus, helsinkiKamppi];
    expect(closestBranch(branches, helsinkiRailwayStation)).toBe(helsinkiKamppi);
  });

  test('A nearer disabled branch is passed over', () => {
    const nearby = { latitude: 60.209, longitude: 24.976 };
    expect(closestBranch([helsinkiArabia, helsinkiItakeskus, tampereKeskusta], nearby)).toBe(
      helsinkiItakeskus,
    );
  });

  test('Longitude matters: east is not the same as west', () => {
    const west = branch(1, 'West', 'X', { lat: 60, lon: 20 });
    const east = branch(2, 'East', 'X', { lat: 60, lon: 30 });
    expect(closestBranch([west, east], { latitude: 60, longitude: 29 })).toBe(east);
    expect(closestBranch([east, west], { latitude: 60, longitude: 21 })).toBe(west);
  });

  test('Without an enabled branch the first branch is chosen', () => {
    expect(closestBranch([turkuDisabled, helsinkiArabia], helsinkiRailwayStation)).toBe(
      turkuDisabled,
    );
  });

  test('An empty list has no closest branch', () => {
    expect(closestBranch([], helsinkiRailwayStation)).toBeUndefined();
  });
});
