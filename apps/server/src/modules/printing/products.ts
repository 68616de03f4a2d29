// What the printed documents say about each product: the IPID sections (DVO (EU) 2017/1469), the
// comparison rows of the feature overview and the product part of the AVB. Figures (sums,
// variants, covers, deductibles) come from the product catalogue in packages/domain, so a
// document cannot promise another sum than the tariff prices; the prose around them is here.
import { formatCents } from '@schirm/domain/format/money';
import { BHV_DECKUNGSVARIANTEN, bhvProduct } from '@schirm/domain/products/bhv/catalogue';
import type { ProductKey, Selbstbeteiligung } from '@schirm/domain/products/enums';
import {
  FAHRRAD_COVERS,
  FAHRRAD_DECKUNGS_VARIANTEN,
  fahrradProduct,
} from '@schirm/domain/products/fahrrad/catalogue';
import {
  HAUSRAT_COVERS,
  HAUSRAT_DECKUNGSVARIANTEN,
  HAUSRAT_VERSICHERUNGSSUMME_PRO_QM_CENTS,
  hausratProduct,
} from '@schirm/domain/products/hausrat/catalogue';
import { KFZ_DECKUNGSVARIANTEN, kfzProduct } from '@schirm/domain/products/kfz/catalogue';
import { PHV_DECKUNGSVARIANTEN, phvProduct } from '@schirm/domain/products/phv/catalogue';
import { REISE_COVERS, REISE_DECKUNGSVARIANTEN, reiseProduct } from '@schirm/domain/products/reise/catalogue';
import {
  SI_DECKUNGSVARIANTEN,
  siAllgefahrenProduct,
  siMehrgefahrenProduct,
} from '@schirm/domain/products/si/catalogue';
import { THV_DECKUNGSVARIANTEN, THV_MAX_HUNDE, thvProduct } from '@schirm/domain/products/thv/catalogue';
import { VH_DECKUNGSVARIANTEN, vhProduct } from '@schirm/domain/products/vh/catalogue';

/** A row of the feature overview: one value per variant, in the catalogue's variant order. */
export interface FeatureRow {
  label: string;
  values: readonly string[];
}

export interface AvbSection {
  heading: string;
  paragraphs: readonly string[];
}

/** Everything product-specific the printed documents need. */
export interface ProductTexts {
  productKey: ProductKey;
  /** Catalogue name, e.g. 'Fahrrad- und E-Bike-Versicherung'. */
  name: string;
  /** Short name for file names, ASCII, e.g. 'Fahrrad'. */
  fileStem: string;
  /** 'Um welche Art von Versicherung handelt es sich?' */
  art: string;
  versichert: readonly string[];
  nichtVersichert: readonly string[];
  beschraenkungen: readonly string[];
  wo: readonly string[];
  /** Duties beyond the common ones (true answers, premium, report claims). */
  pflichten: readonly string[];
  /** VVG-InfoV § 1 Abs. 1 Nr. 5, where a compensation scheme exists (motor liability). */
  entschaedigungsregelung?: string;
  /** JAHR: one-year contract renewing itself; REISE: one trip, single premium. */
  laufzeit: 'JAHR' | 'REISE';
  /** Variant names in catalogue order. */
  variants: readonly string[];
  features: readonly FeatureRow[];
  /** Product part of the AVB (after the general part). */
  avb: readonly AvbSection[];
}

const SB_LABELS: Record<Selbstbeteiligung, string> = {
  SB_KEINE: 'ohne',
  SB_250: '250 EUR',
  SB_500: '500 EUR',
  SB_1000: '1.000 EUR',
  SB_5000: '5.000 EUR',
};

function orList(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} oder ${items.at(-1) ?? ''}`;
}

function deductibles(options: readonly Selbstbeteiligung[]): string {
  const amounts = options.filter((option) => option !== 'SB_KEINE').map((option) => SB_LABELS[option]);
  return amounts.length === 0
    ? 'Eine Selbstbeteiligung wird nicht vereinbart.'
    : `Auf Wunsch vereinbaren Sie eine Selbstbeteiligung je Versicherungsfall von ${orList(amounts)}; sie senkt den Beitrag.`;
}

const money = (cents: number) => formatCents(cents, { compact: true });

const same = (count: number, value: string) => Array.from({ length: count }, () => value);

function sums(variants: readonly { deckungsVarianteName: string; versicherungssumme: number }[]): string {
  return variants
    .map((variant) => `${variant.deckungsVarianteName} ${money(variant.versicherungssumme)}`)
    .join(', ');
}

const LIABILITY_AVB = (subject: string): AvbSection[] => [
  {
    heading: 'Leistungen im Versicherungsfall',
    paragraphs: [
      'Wir prüfen, ob und in welcher Höhe Sie gesetzlich zum Schadenersatz verpflichtet sind, wehren unberechtigte ' +
        'Ansprüche auf unsere Kosten ab (passiver Rechtsschutz) und stellen Sie von berechtigten Ansprüchen frei. ' +
        'Berechtigt ist ein Anspruch, wenn er durch Gesetz, rechtskräftiges Urteil, Anerkenntnis oder Vergleich mit ' +
        'unserer Zustimmung festgestellt ist.',
      'Die vereinbarte Deckungssumme ist die Höchstleistung je Versicherungsfall; für alle Versicherungsfälle eines ' +
        'Versicherungsjahres leisten wir höchstens das Doppelte der Deckungssumme. Kosten der Abwehr werden nicht auf ' +
        'die Deckungssumme angerechnet.',
    ],
  },
  {
    heading: 'Versicherungsfall und Serienschaden',
    paragraphs: [
      `Versicherungsfall ist das während der Vertragsdauer eingetretene Schadenereignis, das ${subject} ` +
        'zur Folge hat. Mehrere Schäden aus derselben Ursache gelten als ein Versicherungsfall (Serienschaden).',
    ],
  },
  {
    heading: 'Allgemeine Ausschlüsse der Haftpflichtversicherung',
    paragraphs: [
      'Nicht versichert sind Ansprüche wegen vorsätzlich herbeigeführter Schäden, Ansprüche, die über die ' +
        'gesetzliche Haftung hinausgehen (vertragliche Zusagen), Ansprüche zwischen mitversicherten Personen, ' +
        'Schäden an geliehenen, gemieteten oder geleasten Sachen, soweit nichts anderes vereinbart ist, sowie ' +
        'Schäden durch Asbest, Gentechnik und Kernenergie.',
    ],
  },
];

const PROPERTY_AVB_VALUE: AvbSection = {
  heading: 'Entschädigung und Unterversicherung',
  paragraphs: [
    'Wir ersetzen bei zerstörten oder abhanden gekommenen Sachen den Versicherungswert bei Eintritt des ' +
      'Versicherungsfalls (Neuwert: Wiederbeschaffung von Sachen gleicher Art und Güte in neuwertigem Zustand), ' +
      'bei beschädigten Sachen die notwendigen Reparaturkosten zuzüglich einer Wertminderung, höchstens den ' +
      'Versicherungswert. Restwerte werden angerechnet.',
    'Ist die Versicherungssumme bei Eintritt des Versicherungsfalls niedriger als der Versicherungswert ' +
      '(Unterversicherung), leisten wir nur im Verhältnis der Versicherungssumme zum Versicherungswert, soweit nicht ' +
      'ein Unterversicherungsverzicht vereinbart ist.',
  ],
};

const bhvVariants = BHV_DECKUNGSVARIANTEN;
const BHV: ProductTexts = {
  productKey: 'BHV',
  name: bhvProduct.name,
  fileStem: 'Betriebshaftpflicht',
  art:
    'Es handelt sich um eine Betriebshaftpflichtversicherung. Sie schützt Ihren Betrieb, wenn Sie, Ihre ' +
    'Betriebsangehörigen oder Ihre Produkte bei der versicherten Tätigkeit Dritten einen Schaden zufügen und dafür ' +
    'gesetzlich haften.',
  versichert: [
    `Personen-, Sach- und daraus folgende Vermögensschäden Dritter bis zur Deckungssumme Ihrer Variante (${sums(bhvVariants)})`,
    'Prüfung der Haftung und Abwehr unberechtigter Forderungen, auch vor Gericht',
    'Die versicherten Tätigkeiten Ihres Hauptgewerbes und bis zu drei Nebengewerbe (Mischbetrieb)',
    'Betriebsangehörige für Schäden, die sie in Ausführung ihrer dienstlichen Verrichtungen verursachen',
    'Mietsachschäden an gemieteten Betriebsräumen und die Umwelthaftpflicht-Basisdeckung (Schäden durch Umwelteinwirkung)',
  ],
  nichtVersichert: [
    'Schäden, die Sie vorsätzlich herbeiführen',
    'Vertragliche Erfüllungsansprüche und Nachbesserung Ihrer eigenen Leistung',
    'Schäden an Ihren eigenen Sachen und an Sachen, die Sie gemietet, geliehen oder in Verwahrung haben, soweit nicht mitversichert',
    'Tätigkeiten, die nicht im Versicherungsschein als Haupt- oder Nebengewerbe genannt sind',
    'Berufliche Vermögensschäden ohne vorausgehenden Personen- oder Sachschaden (dafür gibt es die Vermögensschadenhaftpflicht)',
  ],
  beschraenkungen: [
    deductibles(bhvProduct.selbstbeteiligungen),
    'Die Jahreshöchstleistung beträgt das Doppelte der Deckungssumme.',
    'Online versichern wir Betriebe bis 2.000.000 EUR Jahresumsatz und höchstens drei Nebengewerbe.',
  ],
  wo: [
    'Versichert sind Schadenereignisse in Deutschland und in den Mitgliedstaaten der Europäischen Union, soweit sie aus der in Deutschland ausgeübten Tätigkeit entstehen.',
  ],
  pflichten: [
    'Änderungen Ihres Betriebs (neue Tätigkeiten, höherer Jahresumsatz) müssen Sie uns melden.',
    'Am Ende jedes Versicherungsjahres teilen Sie uns auf Anfrage den Jahresumsatz mit.',
  ],
  laufzeit: 'JAHR',
  variants: bhvVariants.map((variant) => variant.deckungsVarianteName),
  features: [
    {
      label: 'Deckungssumme je Versicherungsfall',
      values: bhvVariants.map((variant) => money(variant.versicherungssumme)),
    },
    {
      label: 'Jahreshöchstleistung',
      values: bhvVariants.map((variant) => money(2 * variant.versicherungssumme)),
    },
    { label: 'Abwehr unberechtigter Ansprüche', values: same(bhvVariants.length, 'enthalten') },
    { label: 'Nebengewerbe (Mischbetrieb)', values: same(bhvVariants.length, 'bis zu 3 Nebengewerbe') },
    { label: 'Betriebsangehörige mitversichert', values: same(bhvVariants.length, 'enthalten') },
    {
      label: 'Selbstbeteiligung',
      values: same(bhvVariants.length, 'wählbar: ohne, 250, 500, 1.000 oder 5.000 EUR'),
    },
  ],
  avb: [
    {
      heading: 'Gegenstand der Versicherung',
      paragraphs: [
        'Versichert ist Ihre gesetzliche Haftpflicht aus den im Versicherungsschein genannten betrieblichen Tätigkeiten ' +
          '(Hauptgewerbe und Nebengewerbe), einschließlich des Besitzes und der Nutzung der Betriebsgrundstücke und ' +
          'Betriebsräume. Mitversichert sind Ihre Betriebsangehörigen für Schäden in Ausführung ihrer dienstlichen Verrichtungen.',
        'Die Deckungssumme ergibt sich aus der gewählten Variante: ' + sums(bhvVariants) + '.',
      ],
    },
    ...LIABILITY_AVB(
      'die Verletzung oder Tötung eines Menschen, die Beschädigung oder Vernichtung einer Sache oder einen daraus folgenden Vermögensschaden',
    ),
    {
      heading: 'Beitragsanpassung nach Umsatz',
      paragraphs: [
        'Der Beitrag richtet sich nach dem Jahresumsatz und der höchsten Gefahrenklasse Ihrer Tätigkeiten. Sie melden ' +
          'uns wesentliche Änderungen des Umsatzes und neue Tätigkeiten innerhalb eines Monats; der Beitrag wird ab dem ' +
          'nächsten Versicherungsjahr nach dem bei Vertragsschluss gültigen Tarif neu berechnet.',
      ],
    },
  ],
};

const BHV_WECHSEL: ProductTexts = {
  ...BHV,
  name: 'Betriebshaftpflichtversicherung (Wechseltarif)',
  fileStem: 'Betriebshaftpflicht-Wechseltarif',
  art:
    BHV.art +
    ' Im Wechseltarif wechseln Sie aus einem bestehenden Vertrag zu uns; schadenfreie Jahre beim Vorversicherer senken den Beitrag.',
  pflichten: [
    ...BHV.pflichten,
    'Sie weisen uns die schadenfreien Jahre beim Vorversicherer auf Anfrage nach (Vorversicherungsnachweis).',
    'Ihr bisheriger Vertrag muss spätestens 12 Monate nach Antragstellung enden; der Schutz bei uns beginnt mit seinem Ablauf.',
  ],
  features: [
    ...BHV.features,
    { label: 'Wechselrabatt', values: same(bhvVariants.length, '10 % ab 3, 15 % ab 5 schadenfreien Jahren') },
  ],
};

const vhVariants = VH_DECKUNGSVARIANTEN;
const VH: ProductTexts = {
  productKey: 'VH',
  name: vhProduct.name,
  fileStem: 'Vermoegensschadenhaftpflicht',
  art:
    'Es handelt sich um eine Vermögensschadenhaftpflichtversicherung für Selbstständige und Freiberufler. Sie ' +
    'schützt Sie, wenn Ihren Kunden durch einen beruflichen Fehler ein reiner Vermögensschaden entsteht.',
  versichert: [
    `Reine Vermögensschäden Dritter aus Ihrer versicherten Berufstätigkeit bis zur Versicherungssumme (${sums(vhVariants)})`,
    'Prüfung der Haftung und Abwehr unberechtigter Forderungen',
    'Auf Wunsch eine Bürohaftpflicht für Personen- und Sachschäden in Ihren Büroräumen',
    'Auf Wunsch eine Privathaftpflicht für bis zu drei Personen',
  ],
  nichtVersichert: [
    'Wissentliche Pflichtverletzungen und vorsätzlich verursachte Schäden',
    'Ansprüche aus Garantiezusagen und Vertragsstrafen',
    'Tätigkeiten, die nicht als Beruf im Versicherungsschein genannt sind',
    'Fehlbeträge bei der Kassenführung und Veruntreuung durch Mitarbeiter',
  ],
  beschraenkungen: [
    deductibles(vhProduct.selbstbeteiligungen),
    'Die Jahreshöchstleistung beträgt das Doppelte der Versicherungssumme.',
    'Versichert sind Verstöße, die während der Vertragsdauer begangen werden (Verstoßprinzip).',
  ],
  wo: [
    'Versichert ist Ihre Tätigkeit von Deutschland aus; Ansprüche nach dem Recht der Europäischen Union und der Schweiz sind eingeschlossen.',
  ],
  pflichten: [
    'Eine Änderung Ihrer Berufstätigkeit oder ein wesentlich höherer Jahresumsatz ist uns zu melden.',
  ],
  laufzeit: 'JAHR',
  variants: vhVariants.map((variant) => variant.deckungsVarianteName),
  features: [
    {
      label: 'Versicherungssumme je Verstoß',
      values: vhVariants.map((variant) => money(variant.versicherungssumme)),
    },
    {
      label: 'Jahreshöchstleistung',
      values: vhVariants.map((variant) => money(2 * variant.versicherungssumme)),
    },
    { label: 'Abwehr unberechtigter Ansprüche', values: same(vhVariants.length, 'enthalten') },
    { label: 'Bürohaftpflicht', values: same(vhVariants.length, 'zubuchbar') },
    { label: 'Privathaftpflicht für bis zu 3 Personen', values: same(vhVariants.length, 'zubuchbar') },
  ],
  avb: [
    {
      heading: 'Gegenstand der Versicherung',
      paragraphs: [
        'Versichert ist Ihre gesetzliche Haftpflicht für Vermögensschäden, die Sie in Ausübung der im Versicherungsschein ' +
          'genannten Berufstätigkeit durch einen Verstoß verursachen. Vermögensschäden sind Schäden, die weder ' +
          'Personen- noch Sachschäden sind noch sich aus solchen herleiten.',
        'Versicherungsfall ist der Verstoß. Die Versicherungssumme je Verstoß ergibt sich aus Ihrer Variante: ' +
          sums(vhVariants) +
          '.',
      ],
    },
    LIABILITY_AVB('')[0] as AvbSection,
    {
      heading: 'Ausschlüsse',
      paragraphs: [
        'Nicht versichert sind Ansprüche wegen wissentlicher Abweichung von Gesetz, Vorschrift, Anweisung oder ' +
          'Bedingung des Auftraggebers, aus Garantien und Vertragsstrafen, aus Fehlbeträgen und Veruntreuung sowie ' +
          'aus Tätigkeiten, die nicht im Versicherungsschein genannt sind.',
      ],
    },
  ],
};

function siTexts(product: typeof siAllgefahrenProduct | typeof siMehrgefahrenProduct): ProductTexts {
  const allgefahren = product.productKey === 'SI_ALLGEFAHREN';
  const variants = SI_DECKUNGSVARIANTEN;
  return {
    productKey: product.productKey,
    name: product.name,
    fileStem: allgefahren ? 'Sachinhalt-Allgefahren' : 'Sachinhalt-Mehrgefahren',
    art:
      'Es handelt sich um eine Inhaltsversicherung für Betriebe. Sie ersetzt Betriebseinrichtung, Maschinen und ' +
      (allgefahren
        ? 'Waren bei allen plötzlichen und unvorhergesehenen Schäden, soweit sie nicht ausgeschlossen sind (Allgefahrendeckung).'
        : 'Waren bei Schäden durch die genannten Gefahren Feuer, Einbruchdiebstahl, Leitungswasser sowie Sturm und Hagel.'),
    versichert: [
      ...product.deckungen.map((cover) => cover.label),
      ...variants.map((variant) => `Variante ${variant.deckungsVarianteName}: ${variant.leistungen}`),
      'Versicherungssumme nach Ihrer Wahl von 10.000 EUR bis 1.000.000 EUR',
    ],
    nichtVersichert: [
      'Schäden durch Krieg, innere Unruhen, Kernenergie und vorsätzliches Handeln',
      'Gebäude und Gebäudebestandteile, Kraftfahrzeuge sowie Bargeld über die vereinbarten Grenzen hinaus',
      'Abnutzung, Verschleiß, allmähliche Einwirkungen und Schäden durch Schwamm, Ungeziefer oder Rost',
      ...(allgefahren
        ? []
        : ['Gefahren, die nicht ausdrücklich genannt sind, z. B. Fallenlassen oder Bedienfehler']),
      'Elementarschäden wie Überschwemmung und Erdbeben',
    ],
    beschraenkungen: [
      deductibles(product.selbstbeteiligungen),
      'Außerhalb des Versicherungsorts (Außenversicherung) leisten wir nur bis 10 % (Kompakt) oder 20 % (Optimal) der Versicherungssumme.',
      'Bei Unterversicherung wird die Entschädigung anteilig gekürzt.',
    ],
    wo: [
      'Versichert sind die Sachen in den im Versicherungsschein genannten Betriebsräumen in Deutschland (Versicherungsort).',
      'Vorübergehend ausgelagerte Sachen sind im Rahmen der Außenversicherung in Europa versichert.',
    ],
    pflichten: [
      'Halten Sie die vereinbarten Sicherungen (z. B. Schlösser, Alarmanlage) funktionsfähig und verschlossen.',
      'Einbruch- und Raubschäden müssen Sie unverzüglich der Polizei anzeigen und eine Stehlgutliste einreichen.',
      'Eine Gefahrerhöhung, z. B. eine neue Tätigkeit oder ein Umzug des Betriebs, ist uns unverzüglich zu melden.',
    ],
    laufzeit: 'JAHR',
    variants: variants.map((variant) => variant.deckungsVarianteName),
    features: [
      ...product.deckungen.map((cover) => ({
        label: cover.label,
        values: same(variants.length, 'versichert'),
      })),
      { label: 'Ertragsausfall (12 Monate Haftzeit)', values: ['–', 'bis zur Versicherungssumme'] },
      {
        label: 'Außenversicherung',
        values: ['bis 10 % der Versicherungssumme', 'bis 20 % der Versicherungssumme'],
      },
      {
        label: 'Selbstbeteiligung',
        values: same(variants.length, 'wählbar: ohne, 250, 500, 1.000 oder 5.000 EUR'),
      },
    ],
    avb: [
      {
        heading: 'Versicherte Sachen und Gefahren',
        paragraphs: [
          'Versichert sind die im Versicherungsschein genannten beweglichen Sachen Ihres Betriebs: technische und ' +
            'kaufmännische Betriebseinrichtung sowie Vorräte und Waren, auch fremdes Eigentum, das Ihnen zur ' +
            'Bearbeitung oder zum Verkauf übergeben wurde.',
          `Versichert sind Schäden durch ${product.deckungen.map((cover) => cover.label).join('; ')}.`,
          'In der Variante Optimal ersetzen wir außerdem den Ertragsausfall, wenn Ihr Betrieb infolge eines ' +
            'Sachschadens unterbrochen ist, für höchstens 12 Monate und bis zur Versicherungssumme.',
        ],
      },
      PROPERTY_AVB_VALUE,
      {
        heading: 'Sicherheitsvorschriften',
        paragraphs: [
          'Sie halten die Betriebsräume bei Betriebsruhe verschlossen, halten vereinbarte Sicherungen funktionsfähig und ' +
            'entleeren wasserführende Anlagen in nicht beheizten Räumen. Verletzen Sie diese Obliegenheiten vorsätzlich ' +
            'oder grob fahrlässig, können wir unsere Leistung nach § 28 VVG ganz oder teilweise kürzen.',
        ],
      },
    ],
  };
}

const fahrradVariants = FAHRRAD_DECKUNGS_VARIANTEN;
const FAHRRAD: ProductTexts = {
  productKey: 'FAHRRAD',
  name: fahrradProduct.name,
  fileStem: 'Fahrrad',
  art:
    'Es handelt sich um eine Sachversicherung für ein Fahrrad oder E-Bike. Sie ersetzt das Fahrrad bei Diebstahl ' +
    'und je nach Paket die Kosten von Reparaturen sowie Hilfe bei Pannen unterwegs.',
  versichert: [
    ...FAHRRAD_COVERS.filter((cover) => cover.generations.includes('FAHRRAD_2')).map(
      (cover) => `${cover.label}: ${cover.description}`,
    ),
    'Versicherungssumme ist der Kaufpreis des Fahrrads (Neuwert), bei E-Bikes einschließlich Akku',
  ],
  nichtVersichert: [
    'Fahrräder, die bei Antragstellung älter als drei Jahre sind',
    'Diebstahl, wenn das Fahrrad nicht mit einem eigenständigen Schloss an einem festen Gegenstand angeschlossen war',
    'Schäden, die Sie vorsätzlich herbeiführen, und Schäden bei Rennen',
    'Zubehör, das nicht fest mit dem Fahrrad verbunden ist, z. B. Helm, Taschen, Navigationsgerät',
    'Kosmetische Schäden wie Kratzer, die die Funktion nicht beeinträchtigen',
  ],
  beschraenkungen: [
    deductibles(fahrradProduct.selbstbeteiligungen),
    'Verschleißreparaturen an Reifen, Bremsen und Kette sind nur im Paket Premium versichert.',
    'Wir leisten höchstens bis zum Kaufpreis des Fahrrads.',
  ],
  wo: [
    'Sie sind weltweit versichert. Der Schutzbrief hilft in Europa ab einer Entfernung von 2 km vom Wohnort.',
  ],
  pflichten: [
    'Schließen Sie das Fahrrad beim Abstellen mit einem eigenständigen Schloss an einen festen Gegenstand an.',
    'Einen Diebstahl zeigen Sie unverzüglich, spätestens innerhalb von 48 Stunden, bei der Polizei an.',
    'Bewahren Sie den Kaufbeleg auf; die Rahmennummer muss im Antrag richtig angegeben sein.',
  ],
  laufzeit: 'JAHR',
  variants: fahrradVariants.map((variant) => variant.deckungsVarianteName),
  features: FAHRRAD_COVERS.filter((cover) => cover.generations.includes('FAHRRAD_2')).map((cover) => ({
    label: cover.label,
    values: fahrradVariants.map((variant) => (variant.deckungen.includes(cover.key) ? 'versichert' : '–')),
  })),
  avb: [
    {
      heading: 'Versicherte Sache und Gefahren',
      paragraphs: [
        'Versichert ist das im Versicherungsschein mit Hersteller, Art und Rahmennummer bezeichnete Fahrrad oder E-Bike ' +
          'einschließlich der fest verbundenen Teile und des Akkus.',
        'Je nach Paket sind versichert: ' +
          FAHRRAD_COVERS.filter((cover) => cover.generations.includes('FAHRRAD_2'))
            .map((cover) => `${cover.label} (${cover.description})`)
            .join('; ') +
          '.',
      ],
    },
    {
      heading: 'Entschädigung',
      paragraphs: [
        'Bei Diebstahl ersetzen wir den Wiederbeschaffungspreis eines neuen Fahrrads gleicher Art und Güte, höchstens den ' +
          'Kaufpreis; in den ersten sechs Monaten nach dem Kauf den vollen Kaufpreis. Bei Beschädigung ersetzen wir die ' +
          'notwendigen Reparaturkosten. Wird das Fahrrad nach der Entschädigung wieder aufgefunden, können Sie die ' +
          'Entschädigung zurückzahlen oder uns das Fahrrad überlassen.',
      ],
    },
    {
      heading: 'Sicherungsobliegenheit',
      paragraphs: [
        'Beim Abstellen muss das Fahrrad mit einem eigenständigen, handelsüblichen Schloss (kein Zahlenschloss) an einen ' +
          'fest verankerten Gegenstand angeschlossen sein. Verletzen Sie diese Obliegenheit grob fahrlässig, kürzen wir ' +
          'die Leistung nach der Schwere Ihres Verschuldens (§ 28 VVG).',
      ],
    },
  ],
};

const thvVariants = THV_DECKUNGSVARIANTEN;
const THV: ProductTexts = {
  productKey: 'TIERHALTERHAFTPFLICHT',
  name: thvProduct.name,
  fileStem: 'Hundehalterhaftpflicht',
  art:
    'Es handelt sich um eine Hundehalterhaftpflichtversicherung. Sie zahlt, wenn Ihr Hund anderen Menschen, Tieren ' +
    'oder Sachen einen Schaden zufügt und Sie als Halter dafür haften (§ 833 BGB).',
  versichert: [
    `Personen-, Sach- und daraus folgende Vermögensschäden bis zur Deckungssumme (${sums(thvVariants)})`,
    `Bis zu ${THV_MAX_HUNDE} Hunde in einem Vertrag, auch Mischlinge`,
    'Abwehr unberechtigter Ansprüche',
    'Fremde Hüter, die den Hund nicht gewerbsmäßig beaufsichtigen',
    'Ungewollter Deckakt und Flurschäden',
  ],
  nichtVersichert: [
    'Hunde von Rassen, die in Deutschland als gefährlich gelistet sind, und Mischlinge mit diesen Rassen',
    'Schäden an Ihren eigenen Sachen und Ansprüche von mitversicherten Personen',
    'Gewerbliche Hundezucht und Hunde, die zu Erwerbszwecken gehalten werden',
    'Vorsätzlich herbeigeführte Schäden',
  ],
  beschraenkungen: [
    deductibles(thvProduct.selbstbeteiligungen),
    'Die Jahreshöchstleistung beträgt das Doppelte der Deckungssumme.',
  ],
  wo: [
    'Sie sind in Deutschland versichert, bei vorübergehenden Auslandsaufenthalten bis zu einem Jahr weltweit.',
  ],
  pflichten: [
    'Beachten Sie die Leinen- und Maulkorbpflichten Ihres Landes und Ihrer Gemeinde.',
    'Ein weiterer Hund oder ein Wechsel der Rasse ist uns zu melden.',
  ],
  laufzeit: 'JAHR',
  variants: thvVariants.map((variant) => variant.deckungsVarianteName),
  features: [
    {
      label: 'Deckungssumme je Versicherungsfall',
      values: thvVariants.map((variant) => money(variant.versicherungssumme)),
    },
    { label: 'Anzahl Hunde', values: same(thvVariants.length, `bis zu ${THV_MAX_HUNDE}`) },
    { label: 'Fremdhüter mitversichert', values: same(thvVariants.length, 'enthalten') },
    { label: 'Ungewollter Deckakt', values: same(thvVariants.length, 'enthalten') },
    { label: 'Selbstbeteiligung', values: same(thvVariants.length, 'wählbar: ohne, 250 oder 500 EUR') },
  ],
  avb: [
    {
      heading: 'Gegenstand der Versicherung',
      paragraphs: [
        'Versichert ist Ihre gesetzliche Haftpflicht als Halter der im Versicherungsschein genannten Hunde. ' +
          'Mitversichert ist die Haftpflicht einer Person, die den Hund nicht gewerbsmäßig hütet.',
        'Die Deckungssumme ergibt sich aus Ihrer Variante: ' + sums(thvVariants) + '.',
      ],
    },
    ...LIABILITY_AVB(
      'die Verletzung eines Menschen, die Beschädigung einer Sache oder die Verletzung eines Tieres',
    ),
  ],
};

const phvVariants = PHV_DECKUNGSVARIANTEN;
const PHV: ProductTexts = {
  productKey: 'PRIVATHAFTPFLICHT',
  name: phvProduct.name,
  fileStem: 'Privathaftpflicht',
  art:
    'Es handelt sich um eine Privathaftpflichtversicherung. Sie schützt Sie und die mitversicherten Personen, ' +
    'wenn Sie im täglichen Leben einem anderen einen Schaden zufügen und dafür gesetzlich haften.',
  versichert: [
    `Personen-, Sach- und daraus folgende Vermögensschäden bis zur Deckungssumme (${sums(phvVariants)})`,
    'Abwehr unberechtigter Ansprüche',
    'Je nach Familienstand Ihr Partner und Ihre unverheirateten Kinder, auch während der ersten Ausbildung',
    'Schäden an gemieteten Wohnräumen (Mietsachschäden)',
    'Auf Wunsch die Amts- und Diensthaftpflicht für Beschäftigte im öffentlichen Dienst',
  ],
  nichtVersichert: [
    'Vorsätzlich herbeigeführte Schäden',
    'Schäden aus beruflicher oder gewerblicher Tätigkeit',
    'Schäden durch das Führen von Kraftfahrzeugen, Luftfahrzeugen und Motorbooten',
    'Haltung von Hunden und Pferden (dafür gibt es die Tierhalterhaftpflicht)',
    'Schäden an Sachen, die Sie geliehen oder gemietet haben, soweit es nicht um Wohnräume geht',
  ],
  beschraenkungen: [
    deductibles(phvProduct.selbstbeteiligungen),
    'Die Jahreshöchstleistung beträgt das Doppelte der Deckungssumme.',
  ],
  wo: ['Sie sind weltweit versichert; bei Aufenthalten außerhalb Europas bis zu fünf Jahre.'],
  pflichten: ['Ändert sich Ihr Familienstand, z. B. durch Heirat oder Trennung, teilen Sie uns das mit.'],
  laufzeit: 'JAHR',
  variants: phvVariants.map((variant) => variant.deckungsVarianteName),
  features: [
    {
      label: 'Deckungssumme je Versicherungsfall',
      values: phvVariants.map((variant) => money(variant.versicherungssumme)),
    },
    { label: 'Mietsachschäden an Wohnräumen', values: same(phvVariants.length, 'enthalten') },
    { label: 'Mitversicherte Familie', values: same(phvVariants.length, 'nach Familienstand') },
    { label: 'Amts- und Diensthaftpflicht', values: same(phvVariants.length, 'zubuchbar') },
    { label: 'Selbstbeteiligung', values: same(phvVariants.length, 'wählbar: ohne, 250 oder 500 EUR') },
  ],
  avb: [
    {
      heading: 'Gegenstand der Versicherung',
      paragraphs: [
        'Versichert ist Ihre gesetzliche Haftpflicht als Privatperson aus den Gefahren des täglichen Lebens, z. B. als ' +
          'Radfahrer, Fußgänger, Mieter, Sportler oder Familienvorstand. Nach dem im Versicherungsschein genannten ' +
          'Familienstand sind Ihr Ehe- oder Lebenspartner und Ihre unverheirateten Kinder mitversichert.',
        'Die Deckungssumme ergibt sich aus Ihrer Variante: ' + sums(phvVariants) + '.',
      ],
    },
    ...LIABILITY_AVB(
      'die Verletzung eines Menschen, die Beschädigung einer Sache oder einen daraus folgenden Vermögensschaden',
    ),
  ],
};

const hausratVariants = HAUSRAT_DECKUNGSVARIANTEN;
const HAUSRAT: ProductTexts = {
  productKey: 'HAUSRAT',
  name: hausratProduct.name,
  fileStem: 'Hausrat',
  art:
    'Es handelt sich um eine Hausratversicherung. Sie ersetzt Ihren Hausrat, also alle Sachen Ihres Haushalts, ' +
    'wenn er durch die versicherten Gefahren zerstört, beschädigt oder gestohlen wird.',
  versichert: [
    ...HAUSRAT_COVERS.map(
      (cover) => `${cover.label}${cover.required ? '' : ' (zubuchbar)'}: ${cover.description}`,
    ),
    `Versicherungssumme ${formatCents(HAUSRAT_VERSICHERUNGSSUMME_PRO_QM_CENTS)} je m² Wohnfläche mit Unterversicherungsverzicht`,
    ...hausratVariants.map((variant) => `Variante ${variant.deckungsVarianteName}: ${variant.leistungen}`),
  ],
  nichtVersichert: [
    'Schäden durch Krieg, innere Unruhen, Kernenergie und vorsätzliches Handeln',
    'Elementarschäden, wenn der Baustein Elementarschäden nicht vereinbart ist',
    'Kraftfahrzeuge und deren Teile sowie Sachen von Untermietern',
    'Schäden durch Abnutzung, Verschleiß und allmähliche Einwirkung von Feuchtigkeit',
  ],
  beschraenkungen: [
    deductibles(hausratProduct.selbstbeteiligungen),
    'Wertsachen wie Schmuck und Bargeld sind nur bis zu einem Anteil der Versicherungssumme versichert (Basis 20 %, Komfort 30 %, Premium 40 %), Bargeld außerhalb eines Tresors bis 1.500 EUR.',
    'Elementarschäden sind in der höchsten ZÜRS-Gefährdungsklasse 4 nicht versicherbar.',
  ],
  wo: [
    'Versichert ist Ihr Hausrat in der im Versicherungsschein genannten Wohnung (Versicherungsort).',
    'Vorübergehend außerhalb der Wohnung befindlicher Hausrat ist weltweit bis 10 % der Versicherungssumme versichert (Außenversicherung).',
  ],
  pflichten: [
    'Einen Umzug, eine Vergrößerung der Wohnfläche oder längeres Leerstehen der Wohnung müssen Sie uns melden.',
    'Halten Sie bei Abwesenheit Türen und Fenster verschlossen; entleeren Sie in der kalten Jahreszeit wasserführende Anlagen in unbeheizten Räumen.',
    'Einbruch und Raub zeigen Sie unverzüglich der Polizei an und reichen eine Stehlgutliste ein.',
  ],
  laufzeit: 'JAHR',
  variants: hausratVariants.map((variant) => variant.deckungsVarianteName),
  features: [
    {
      label: 'Versicherungssumme',
      values: same(
        hausratVariants.length,
        `${formatCents(HAUSRAT_VERSICHERUNGSSUMME_PRO_QM_CENTS)} je m² Wohnfläche`,
      ),
    },
    { label: 'Leistungen der Variante', values: hausratVariants.map((variant) => variant.leistungen) },
    ...HAUSRAT_COVERS.map((cover) => ({
      label: cover.label,
      values: same(hausratVariants.length, cover.required ? 'versichert' : 'zubuchbar'),
    })),
  ],
  avb: [
    {
      heading: 'Versicherte Sachen und Gefahren',
      paragraphs: [
        'Versichert ist der gesamte Hausrat, also alle Sachen, die dem Haushalt zur privaten Nutzung dienen, auch fremdes ' +
          'Eigentum. Versichert sind Schäden durch ' +
          HAUSRAT_COVERS.map((cover) => `${cover.label} (${cover.description})`).join('; ') +
          ', soweit der jeweilige Baustein vereinbart ist.',
        'Die Versicherungssumme beträgt ' +
          formatCents(HAUSRAT_VERSICHERUNGSSUMME_PRO_QM_CENTS) +
          ' je Quadratmeter Wohnfläche. Solange die Wohnfläche richtig angegeben ist, verzichten wir auf den Einwand der Unterversicherung.',
      ],
    },
    PROPERTY_AVB_VALUE,
    {
      heading: 'Wohnungswechsel',
      paragraphs: [
        'Bei einem Umzug innerhalb Deutschlands geht der Versicherungsschutz auf die neue Wohnung über; während des ' +
          'Umzugs besteht er in beiden Wohnungen. Den Umzug zeigen Sie uns spätestens bei Beginn an; der Beitrag richtet ' +
          'sich dann nach dem Tarif für die neue Wohnung.',
      ],
    },
  ],
};

const reiseVariants = REISE_DECKUNGSVARIANTEN;
const REISE: ProductTexts = {
  productKey: 'REISE',
  name: reiseProduct.name,
  fileStem: 'Reise',
  art:
    'Es handelt sich um eine Reiseversicherung für eine bestimmte Reise gegen Einmalbeitrag. Sie ersetzt die ' +
    'Stornokosten, wenn Sie die Reise aus einem versicherten Grund nicht antreten oder abbrechen, und je nach ' +
    'Variante Gepäck und Notfallhilfe.',
  versichert: [
    ...reiseVariants.map((variant) => `Variante ${variant.deckungsVarianteName}: ${variant.leistungen}`),
    ...REISE_COVERS.map((cover) => (cover.optional ? `${cover.label} (zubuchbar)` : cover.label)),
    'Versicherte Gründe: unerwartete schwere Erkrankung, Unfall, Tod eines nahen Angehörigen, Verlust des Arbeitsplatzes, Schaden am Eigentum',
  ],
  nichtVersichert: [
    'Erkrankungen, die bei Abschluss bereits bestanden und behandelt wurden, soweit sie vorhersehbar zum Reiseabbruch führen',
    'Reisen, die bei Abschluss schon angetreten sind',
    'Kriegsereignisse, Pandemie-Reisewarnungen und behördliche Verfügungen',
    'Schäden, die Sie vorsätzlich herbeiführen',
  ],
  beschraenkungen: [
    deductibles(reiseProduct.selbstbeteiligungen),
    'Wir leisten höchstens die Versicherungssumme je Reise (Basis, Komfort, Premium wie oben genannt).',
    'Wertsachen im Reisegepäck sind nur bis 50 % der Gepäckversicherungssumme versichert.',
  ],
  wo: [
    'Versichert ist die im Versicherungsschein genannte Reise, weltweit. Die Auslandsreisekrankenversicherung gilt nur außerhalb Deutschlands.',
  ],
  pflichten: [
    'Stornieren Sie die Reise unverzüglich, sobald der versicherte Grund eintritt, damit die Stornokosten gering bleiben.',
    'Lassen Sie eine Erkrankung ärztlich bescheinigen und reichen Sie die Buchungs- und Stornobelege ein.',
  ],
  laufzeit: 'REISE',
  variants: reiseVariants.map((variant) => variant.deckungsVarianteName),
  features: [
    {
      label: 'Reiserücktritt und Reiseabbruch je Reise',
      values: reiseVariants.map((variant) => `bis ${money(variant.versicherungssumme)}`),
    },
    { label: 'Reisegepäck', values: ['–', 'bis 2.000,00 EUR', 'bis 3.000,00 EUR'] },
    { label: '24-Stunden-Notfallhilfe', values: ['–', '–', 'enthalten'] },
    { label: 'Auslandsreisekrankenversicherung', values: same(reiseVariants.length, 'zubuchbar') },
  ],
  avb: [
    {
      heading: 'Reiserücktritt und Reiseabbruch',
      paragraphs: [
        'Können Sie oder eine mitversicherte Person die Reise aus einem versicherten Grund nicht antreten, ersetzen wir ' +
          'die vertraglich geschuldeten Stornokosten. Müssen Sie die Reise aus einem versicherten Grund abbrechen, ' +
          'ersetzen wir die zusätzlichen Rückreisekosten und den Wert der nicht genutzten Reiseleistungen.',
        'Versicherte Gründe sind unerwartete schwere Erkrankung, schwere Unfallverletzung oder Tod der versicherten ' +
          'Person oder eines nahen Angehörigen, unerwarteter Verlust des Arbeitsplatzes sowie ein erheblicher Schaden am ' +
          'Eigentum durch Feuer, Leitungswasser oder Einbruch.',
        'Die Versicherungssumme je Reise ergibt sich aus Ihrer Variante: ' + sums(reiseVariants) + '.',
      ],
    },
    {
      heading: 'Reisegepäck und Notfallhilfe',
      paragraphs: [
        'In den Varianten Komfort und Premium ersetzen wir abhanden gekommenes oder beschädigtes Reisegepäck zum ' +
          'Zeitwert. In der Variante Premium organisiert unsere Notrufzentrale rund um die Uhr Hilfe im Notfall.',
      ],
    },
    {
      heading: 'Auslandsreisekrankenversicherung (falls vereinbart)',
      paragraphs: [
        'Wir erstatten die Kosten medizinisch notwendiger Heilbehandlung im Ausland und des medizinisch sinnvollen ' +
          'Rücktransports. Gesundheitsdaten verarbeiten wir dafür nur mit Ihrer Einwilligung.',
      ],
    },
  ],
};

const kfzVariants = KFZ_DECKUNGSVARIANTEN;
const KFZ: ProductTexts = {
  productKey: 'KFZ',
  name: kfzProduct.name,
  entschaedigungsregelung:
    'Für Schäden durch nicht versicherte oder nicht ermittelte Fahrzeuge besteht die Entschädigungsstelle ' +
    'Verkehrsopferhilfe e.V. (§ 12 Pflichtversicherungsgesetz). Einen Garantiefonds gibt es für diese Versicherung nicht.',
  fileStem: 'Kfz',
  art:
    'Es handelt sich um eine Kraftfahrtversicherung. Die Kfz-Haftpflichtversicherung ist gesetzlich vorgeschrieben ' +
    '(Pflichtversicherungsgesetz); auf Wunsch versichern Sie Ihr Fahrzeug zusätzlich in der Teil- oder Vollkasko.',
  versichert: kfzVariants.map((variant) => `${variant.deckungsVarianteName}: ${variant.leistungen}`),
  nichtVersichert: [
    'Schäden am eigenen Fahrzeug in der reinen Haftpflichtversicherung',
    'Vorsätzlich herbeigeführte Schäden',
    'Schäden bei genehmigten Rennen und Fahrten ohne Fahrerlaubnis',
    'Verschleiß-, Bruch- und Betriebsschäden am eigenen Fahrzeug',
  ],
  beschraenkungen: [
    'In der Teil- und Vollkasko gilt die im Versicherungsschein genannte Selbstbeteiligung.',
    'Fahren Sie unter Alkohol- oder Drogeneinfluss, können wir gegenüber Ihnen bis zu 5.000 EUR zurückfordern.',
  ],
  wo: ['Sie sind in Europa und in den außereuropäischen Gebieten der Europäischen Union versichert.'],
  pflichten: [
    'Das Fahrzeug darf nur mit Fahrerlaubnis und nur von den angegebenen Fahrern genutzt werden.',
    'Ändern sich Verwendung, jährliche Fahrleistung oder Abstellort, teilen Sie uns das mit.',
    'Einen Unfall melden Sie uns innerhalb einer Woche; bei Diebstahl, Brand und Wildschaden zeigen Sie den Schaden der Polizei an.',
  ],
  laufzeit: 'JAHR',
  variants: kfzVariants.map((variant) => variant.deckungsVarianteName),
  features: [
    {
      label: 'Kfz-Haftpflicht',
      values: kfzVariants.map((variant) => money(variant.versicherungssumme) + ' pauschal'),
    },
    {
      label: 'Teilkasko',
      values: kfzVariants.map((variant) =>
        variant.sparten.includes('TK') || variant.sparten.includes('VK') ? 'versichert' : '–',
      ),
    },
    {
      label: 'Vollkasko',
      values: kfzVariants.map((variant) => (variant.sparten.includes('VK') ? 'versichert' : '–')),
    },
  ],
  avb: [
    {
      heading: 'Kfz-Haftpflichtversicherung',
      paragraphs: [
        'Wir stellen Sie von Schadenersatzansprüchen frei, wenn durch den Gebrauch des Fahrzeugs Personen verletzt, ' +
          'Sachen beschädigt oder Vermögensschäden verursacht werden, und wehren unberechtigte Ansprüche ab. Die ' +
          'Deckungssumme beträgt 100 Mio. EUR pauschal, höchstens 15 Mio. EUR je verletzter Person.',
      ],
    },
    {
      heading: 'Kaskoversicherung',
      paragraphs: [
        'Die Teilkasko ersetzt Schäden am Fahrzeug durch Diebstahl, Brand, Sturm, Hagel, Blitz, Überschwemmung, ' +
          'Glasbruch, Zusammenstoß mit Wild und Marderbiss. Die Vollkasko ersetzt zusätzlich Unfallschäden, auch selbst ' +
          'verschuldete, und Vandalismus. Wir leisten höchstens den Wiederbeschaffungswert abzüglich des Restwerts.',
      ],
    },
    {
      heading: 'Schadenfreiheitsrabatt',
      paragraphs: [
        'Ihr Beitrag in der Haftpflicht und Vollkasko richtet sich nach der Schadenfreiheitsklasse. Für jedes Kalenderjahr ' +
          'ohne Schaden werden Sie eine Klasse besser eingestuft; nach einem Schaden werden Sie zurückgestuft.',
      ],
    },
  ],
};

/** The ten document codes of spec §7 (plus KFZ), each with its texts. */
export const KUNDENINFORMATION_CODES = [
  'BHV',
  'VH',
  'SI_ALLGEFAHREN',
  'SI_MEHRGEFAHREN',
  'FAHRRAD',
  'THV',
  'PHV',
  'HRV',
  'REISE',
  'BHV_WECHSELTARIF',
  'KFZ',
] as const;
export type KundeninformationCode = (typeof KUNDENINFORMATION_CODES)[number];

export const TEXTS_BY_CODE: Readonly<Record<KundeninformationCode, ProductTexts>> = {
  BHV,
  VH,
  SI_ALLGEFAHREN: siTexts(siAllgefahrenProduct),
  SI_MEHRGEFAHREN: siTexts(siMehrgefahrenProduct),
  FAHRRAD,
  THV,
  PHV,
  HRV: HAUSRAT,
  REISE,
  BHV_WECHSELTARIF: BHV_WECHSEL,
  KFZ,
};

/** The document code of a product key (BHV's tariff change has its own code). */
export const CODE_BY_PRODUCT: Readonly<Record<ProductKey, KundeninformationCode>> = {
  BHV: 'BHV',
  VH: 'VH',
  SI_ALLGEFAHREN: 'SI_ALLGEFAHREN',
  SI_MEHRGEFAHREN: 'SI_MEHRGEFAHREN',
  FAHRRAD: 'FAHRRAD',
  TIERHALTERHAFTPFLICHT: 'THV',
  PRIVATHAFTPFLICHT: 'PHV',
  HAUSRAT: 'HRV',
  REISE: 'REISE',
  KFZ: 'KFZ',
};
