/** A clinic's address as a map search (opens the patient's map service in a new tab). */
export function clinicMapUrl(clinic: {
  name: string;
  street: string;
  postalCode: string;
  city: string;
}): string {
  const query = `${clinic.name}, ${clinic.street}, ${clinic.postalCode} ${clinic.city}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
