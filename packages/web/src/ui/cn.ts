/** Joins class names, skipping falsy values (a tiny `clsx` so the kit adds no dependency). */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
