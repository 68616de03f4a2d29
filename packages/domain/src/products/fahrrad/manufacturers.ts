// Bicycle manufacturers for the finder `/api/finder/fahrradhersteller?pattern`. Source: brand names
// of bicycles and e-bikes sold on the German market, compiled by the Schirm product team from
// general market knowledge (2026); brand names are facts and need no licence. Version 2026-01;
// ids are stable and never reused.

/** A bicycle manufacturer as the finder returns it. */
export interface FahrradHersteller {
  id: string;
  name: string;
}

/** Data version of the manufacturer list. */
export const FAHRRAD_HERSTELLER_VERSION = '2026-01';

/** All manufacturers, sorted by German collation; 'Sonstiger Hersteller' comes last. */
export const FAHRRAD_HERSTELLER: readonly FahrradHersteller[] = [
  { id: '3t', name: '3T' },
  { id: 'ampler', name: 'Ampler' },
  { id: 'bergamont', name: 'Bergamont' },
  { id: 'bh-bikes', name: 'BH Bikes' },
  { id: 'bianchi', name: 'Bianchi' },
  { id: 'bmc', name: 'BMC' },
  { id: 'brompton', name: 'Brompton' },
  { id: 'bulls', name: 'Bulls' },
  { id: 'cannondale', name: 'Cannondale' },
  { id: 'canyon', name: 'Canyon' },
  { id: 'centurion', name: 'Centurion' },
  { id: 'cervelo', name: 'Cervélo' },
  { id: 'conway', name: 'Conway' },
  { id: 'corratec', name: 'Corratec' },
  { id: 'cube', name: 'Cube' },
  { id: 'diamant', name: 'Diamant' },
  { id: 'flyer', name: 'Flyer' },
  { id: 'focus', name: 'Focus' },
  { id: 'fuji', name: 'Fuji' },
  { id: 'gazelle', name: 'Gazelle' },
  { id: 'ghost', name: 'Ghost' },
  { id: 'giant', name: 'Giant' },
  { id: 'gudereit', name: 'Gudereit' },
  { id: 'haibike', name: 'Haibike' },
  { id: 'hepha', name: 'Hepha' },
  { id: 'hercules', name: 'Hercules' },
  { id: 'kalkhoff', name: 'Kalkhoff' },
  { id: 'kettler', name: 'Kettler' },
  { id: 'ktm', name: 'KTM' },
  { id: 'lapierre', name: 'Lapierre' },
  { id: 'liv', name: 'Liv' },
  { id: 'merida', name: 'Merida' },
  { id: 'moustache', name: 'Moustache' },
  { id: 'orbea', name: 'Orbea' },
  { id: 'pegasus', name: 'Pegasus' },
  { id: 'pinarello', name: 'Pinarello' },
  { id: 'puky', name: 'Puky' },
  { id: 'rabeneick', name: 'Rabeneick' },
  { id: 'radon', name: 'Radon' },
  { id: 'raleigh', name: 'Raleigh' },
  { id: 'riese-und-mueller', name: 'Riese & Müller' },
  { id: 'rose', name: 'Rose' },
  { id: 'rotwild', name: 'Rotwild' },
  { id: 'santa-cruz', name: 'Santa Cruz' },
  { id: 'schindelhauer', name: 'Schindelhauer' },
  { id: 'scott', name: 'Scott' },
  { id: 'simplon', name: 'Simplon' },
  { id: 'specialized', name: 'Specialized' },
  { id: 'stevens', name: 'Stevens' },
  { id: 'storck', name: 'Storck' },
  { id: 'trek', name: 'Trek' },
  { id: 'urwahn', name: 'Urwahn' },
  { id: 'vanmoof', name: 'VanMoof' },
  { id: 'velo-de-ville', name: 'Velo de Ville' },
  { id: 'victoria', name: 'Victoria' },
  { id: 'wilier', name: 'Wilier' },
  { id: 'winora', name: 'Winora' },
  { id: 'yamaha', name: 'Yamaha' },
  { id: 'yt-industries', name: 'YT Industries' },
  { id: 'zemo', name: 'Zemo' },
  { id: 'sonstiger-hersteller', name: 'Sonstiger Hersteller' },
];
