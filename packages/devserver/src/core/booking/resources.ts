/**
 * A practitioner's calendar at a branch is the booking system's resource of a slot: one number
 * that a slot key carries and from which the practitioner and the branch are read back.
 */

const RESOURCE_FACTOR = 1000;

export function resourceIdOf(employeeId: number, branchId: number): number {
  return employeeId * RESOURCE_FACTOR + branchId;
}

export function resourceParts(resourceId: number): { employeeId: number; branchId: number } {
  return {
    employeeId: Math.floor(resourceId / RESOURCE_FACTOR),
    branchId: resourceId % RESOURCE_FACTOR,
  };
}
