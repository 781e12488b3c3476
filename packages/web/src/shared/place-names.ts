/**
 * The Swedish names of Finnish municipalities, where an established one exists (issue 29: a
 * Finland-Swedish text writes Helsingfors, Esbo, Åbo, Vasa). Source: the official bilingual
 * municipality names of Statistics Finland's municipality classification and the Institute for
 * the Languages of Finland (Kotus), as listed in FINLAND.md; names with no Swedish form (Kuopio,
 * Jyväskylä, Joensuu, Rovaniemi, Kotka, Kemi, Salo…) are left out and stay as they are.
 */
const SWEDISH_NAMES: Readonly<Record<string, string>> = {
  Espoo: 'Esbo',
  Hamina: 'Fredrikshamn',
  Hanko: 'Hangö',
  Helsinki: 'Helsingfors',
  Hyvinkää: 'Hyvinge',
  Hämeenlinna: 'Tavastehus',
  Järvenpää: 'Träskända',
  Kaarina: 'S:t Karins',
  Kaskinen: 'Kaskö',
  Kauniainen: 'Grankulla',
  Kerava: 'Kervo',
  Kirkkonummi: 'Kyrkslätt',
  Kokkola: 'Karleby',
  Kristiinankaupunki: 'Kristinestad',
  Lahti: 'Lahtis',
  Lappeenranta: 'Villmanstrand',
  Lohja: 'Lojo',
  Loviisa: 'Lovisa',
  Maalahti: 'Malax',
  Mikkeli: 'S:t Michel',
  Mustasaari: 'Korsholm',
  Naantali: 'Nådendal',
  Närpiö: 'Närpes',
  Oulu: 'Uleåborg',
  Parainen: 'Pargas',
  Pietarsaari: 'Jakobstad',
  Pirkkala: 'Birkala',
  Pori: 'Björneborg',
  Porvoo: 'Borgå',
  Raasepori: 'Raseborg',
  Raisio: 'Reso',
  Rauma: 'Raumo',
  Savonlinna: 'Nyslott',
  Sipoo: 'Sibbo',
  Tampere: 'Tammerfors',
  Tornio: 'Torneå',
  Turku: 'Åbo',
  Tuusula: 'Tusby',
  Uusikaarlepyy: 'Nykarleby',
  Uusikaupunki: 'Nystad',
  Vaasa: 'Vasa',
  Vantaa: 'Vanda',
};

/**
 * A municipality's name as the language writes it: its Swedish name in Swedish where one is
 * established, otherwise the name as given (the clinics' data holds the Finnish names). For text
 * only: choices and requests keep the name as the data gives it.
 */
export function placeName(city: string, language: string): string {
  if (!language.startsWith('sv')) return city;
  return SWEDISH_NAMES[city.trim()] ?? city;
}
