// The worked examples of docs/tariffs/<product>.md, sent through the HTTP endpoints: every amount
// the docs state must be what tarifieren answers, to the cent. Each expected amount is also looked
// up in its example's section of the doc, so a doc edit that changes an example fails here too.
import fs from 'node:fs';
import path from 'node:path';
import { formatCents } from '@schirm/domain/format/money';
import type { SummaryProdukt, Zahlweise } from '@schirm/domain/products/enums';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { REPO_ROOT } from '../../platform/config';
import { createTestApp, type TestApp } from '../../test/test-app';
import { HOSTS, postTarifieren } from './pricing-test-client';
import {
  fahrradQuoteResponseSchema,
  hausratQuoteResponseSchema,
  quoteResponseSchema,
  reiseQuoteResponseSchema,
  type PremiumResponse,
} from './response-schemas';

/** [netto, versicherungsteuer, brutto] per period in cents, as the doc's example states them. */
type Amounts = [number, number, number];

interface WorkedExample {
  doc: string;
  example: number;
  path: string;
  host?: string;
  body: Record<string, unknown>;
  product: SummaryProdukt;
  /** Per variant (in answer order) the stated periods; the answer must hold exactly these periods. */
  variants: Record<string, Partial<Record<Zahlweise, Amounts>>>;
  /** Travel: tax-free health share per variant in cents. */
  reisekrankenCents?: number;
  /** Hausrat: the ZÜRS class the server must have looked up for the address. */
  zuersKlasse?: number;
}

const D = 'FAHRRAD_DECKUNG_DIEBSTAHL';
const BASIS = 'SCHIRM_BASISDECKUNG_HAUSRAT';
const ELEMENTAR = 'SCHIRM_ELEMENTAR_HAUSRAT';
const GLAS = 'SCHIRM_GLASBRUCH_HAUSRAT';

const EXAMPLES: WorkedExample[] = [
  {
    doc: 'fahrrad',
    example: 1,
    path: 'fahrrad2',
    body: {
      art: 'FAHRRAD',
      typ: 'SONSTIGES_RAD',
      kaufpreisCents: 100_000,
      kaufdatum: '2026-05-10',
      zustand: 'NEU',
      deckungen: [D],
    },
    product: 'FAHRRAD_2',
    variants: {
      FAHRRAD_BASIS: {
        JAEHRLICH: [5_000, 950, 5_950],
        HALBJAEHRLICH: [2_575, 489, 3_064],
        VIERTELJAEHRLICH: [1_313, 249, 1_562],
        MONATLICH: [438, 83, 521],
      },
    },
  },
  {
    doc: 'fahrrad',
    example: 2,
    path: 'fahrrad2',
    body: {
      art: 'EBIKE',
      typ: 'MOUNTAINBIKE',
      kaufpreisCents: 349_900,
      kaufdatum: '2025-03-01',
      zustand: 'GEBRAUCHT',
      deckungen: [D, 'FAHRRAD_DECKUNG_REPARATUR', 'FAHRRAD_DECKUNG_SCHUTZBRIEF'],
    },
    product: 'FAHRRAD_2',
    variants: {
      FAHRRAD_PREMIUM: {
        JAEHRLICH: [36_103, 6_860, 42_963],
        HALBJAEHRLICH: [18_593, 3_533, 22_126],
        VIERTELJAEHRLICH: [9_477, 1_801, 11_278],
        MONATLICH: [3_159, 600, 3_759],
      },
    },
  },
  {
    doc: 'fahrrad',
    example: 3,
    path: 'fahrrad2',
    body: {
      art: 'FAHRRAD',
      typ: 'SONSTIGES_RAD',
      kaufpreisCents: 59_900,
      kaufdatum: '2026-11-01',
      zustand: 'NEU',
      deckungen: [D],
    },
    product: 'FAHRRAD_2',
    variants: {
      FAHRRAD_BASIS: {
        JAEHRLICH: [4_900, 931, 5_831],
        HALBJAEHRLICH: [2_524, 480, 3_004],
        VIERTELJAEHRLICH: [1_286, 244, 1_530],
        MONATLICH: [429, 82, 511],
      },
    },
  },
  {
    doc: 'fahrrad',
    example: 4,
    path: 'fahrrad2',
    body: {
      art: 'FAHRRAD',
      typ: 'RENNRAD',
      kaufpreisCents: 800_000,
      kaufdatum: '2025-06-01',
      zustand: 'NEU',
      deckungen: [D, 'FAHRRAD_DECKUNG_REPARATUR_OHNE_VERSCHLEISS'],
    },
    product: 'FAHRRAD_2',
    variants: {
      FAHRRAD_KOMFORT: {
        JAEHRLICH: [64_000, 12_160, 76_160],
        HALBJAEHRLICH: [32_960, 6_262, 39_222],
        VIERTELJAEHRLICH: [16_800, 3_192, 19_992],
        MONATLICH: [5_600, 1_064, 6_664],
      },
    },
  },
  {
    doc: 'fahrrad',
    example: 5,
    path: 'fahrrad2',
    body: {
      art: 'EBIKE',
      typ: 'SONSTIGES_RAD',
      kaufpreisCents: 279_999,
      kaufdatum: '2026-01-15',
      zustand: 'NEU',
    },
    product: 'FAHRRAD_2',
    variants: {
      FAHRRAD_BASIS: {
        JAEHRLICH: [12_600, 2_394, 14_994],
        HALBJAEHRLICH: [6_489, 1_233, 7_722],
        VIERTELJAEHRLICH: [3_308, 629, 3_937],
        MONATLICH: [1_103, 210, 1_313],
      },
      FAHRRAD_KOMFORT: {
        JAEHRLICH: [18_200, 3_458, 21_658],
        HALBJAEHRLICH: [9_373, 1_781, 11_154],
        VIERTELJAEHRLICH: [4_778, 908, 5_686],
        MONATLICH: [1_593, 303, 1_896],
      },
      FAHRRAD_PREMIUM: {
        JAEHRLICH: [22_900, 4_351, 27_251],
        HALBJAEHRLICH: [11_794, 2_241, 14_035],
        VIERTELJAEHRLICH: [6_011, 1_142, 7_153],
        MONATLICH: [2_004, 381, 2_385],
      },
    },
  },
  {
    doc: 'phv',
    example: 1,
    path: 'phv/v2',
    body: { familienstand: 'SINGLE', variante: 'PHV_BASIS', zahlweise: 'JAEHRLICH' },
    product: 'PRIVATHAFTPFLICHT',
    variants: { PHV_BASIS: { JAEHRLICH: [4_500, 855, 5_355] } },
  },
  {
    doc: 'phv',
    example: 2,
    path: 'phv/v2',
    body: {
      familienstand: 'FAMILIE',
      variante: 'PHV_KOMFORT',
      selbstbeteiligung: 'SB_250',
      zahlweise: 'MONATLICH',
    },
    product: 'PRIVATHAFTPFLICHT',
    variants: { PHV_KOMFORT: { MONATLICH: [636, 121, 757] } },
  },
  {
    doc: 'phv',
    example: 3,
    path: 'phv/v2',
    body: {
      familienstand: 'PAAR',
      variante: 'PHV_PREMIUM',
      selbstbeteiligung: 'SB_500',
      diensthaftpflicht: true,
      zahlweise: 'VIERTELJAEHRLICH',
    },
    product: 'PRIVATHAFTPFLICHT',
    variants: { PHV_PREMIUM: { VIERTELJAEHRLICH: [2_264, 430, 2_694] } },
  },
  {
    doc: 'phv',
    example: 4,
    path: 'phv/v2',
    body: {
      familienstand: 'SINGLE',
      variante: 'PHV_BASIS',
      selbstbeteiligung: 'SB_500',
      zahlweise: 'HALBJAEHRLICH',
    },
    product: 'PRIVATHAFTPFLICHT',
    variants: { PHV_BASIS: { HALBJAEHRLICH: [1_854, 352, 2_206] } },
  },
  {
    doc: 'phv',
    example: 5,
    path: 'phv/v2',
    body: {
      familienstand: 'SINGLE_PLUS_KIND',
      variante: 'PHV_BASIS',
      selbstbeteiligung: 'SB_250',
      zahlweise: 'JAEHRLICH',
    },
    product: 'PRIVATHAFTPFLICHT',
    variants: { PHV_BASIS: { JAEHRLICH: [4_399, 836, 5_235] } },
  },
  {
    doc: 'phv',
    example: 6,
    path: 'phv/v2',
    body: { familienstand: 'PAAR', variante: 'PHV_BASIS' },
    product: 'PRIVATHAFTPFLICHT',
    variants: {
      PHV_BASIS: {
        MONATLICH: [492, 93, 585],
        VIERTELJAEHRLICH: [1_477, 281, 1_758],
        HALBJAEHRLICH: [2_897, 550, 3_447],
        JAEHRLICH: [5_625, 1_069, 6_694],
      },
    },
  },
  {
    doc: 'thv',
    example: 1,
    path: 'thv/v2',
    body: { hunde: [{ rasse: 'labrador-retriever' }], variante: 'THV_KOMFORT', zahlweise: 'JAEHRLICH' },
    product: 'TIERHALTERHAFTPFLICHT',
    variants: { THV_KOMFORT: { JAEHRLICH: [7_440, 1_414, 8_854] } },
  },
  {
    doc: 'thv',
    example: 2,
    path: 'thv/v2',
    body: {
      hunde: [{ rasse: 'dackel' }, { rasse: 'golden-retriever' }],
      variante: 'THV_BASIS',
      selbstbeteiligung: 'SB_250',
      zahlweise: 'MONATLICH',
    },
    product: 'TIERHALTERHAFTPFLICHT',
    variants: { THV_BASIS: { MONATLICH: [708, 135, 843] } },
  },
  {
    doc: 'thv',
    example: 3,
    path: 'thv/v2',
    body: {
      hunde: [{ rasse: 'beagle', mischling: true, mischlingsRasse: 'labrador-retriever' }],
      variante: 'THV_PREMIUM',
      selbstbeteiligung: 'SB_500',
      zahlweise: 'VIERTELJAEHRLICH',
    },
    product: 'TIERHALTERHAFTPFLICHT',
    variants: { THV_PREMIUM: { VIERTELJAEHRLICH: [1_940, 369, 2_309] } },
  },
  {
    doc: 'thv',
    example: 4,
    path: 'thv/v2',
    body: {
      hunde: [{ rasse: 'chihuahua' }],
      variante: 'THV_BASIS',
      selbstbeteiligung: 'SB_500',
      zahlweise: 'HALBJAEHRLICH',
    },
    product: 'TIERHALTERHAFTPFLICHT',
    variants: { THV_BASIS: { HALBJAEHRLICH: [2_318, 440, 2_758] } },
  },
  {
    doc: 'thv',
    example: 5,
    path: 'thv/v2',
    body: {
      hunde: [{ rasse: 'mops' }, { rasse: 'border-collie' }, { rasse: 'mischling-gross' }],
      variante: 'THV_KOMFORT',
      zahlweise: 'JAEHRLICH',
    },
    product: 'TIERHALTERHAFTPFLICHT',
    variants: { THV_KOMFORT: { JAEHRLICH: [16_505, 3_136, 19_641] } },
  },
  {
    doc: 'si',
    example: 1,
    path: 'si',
    body: { produkt: 'SI_MEHRGEFAHREN', versicherungssummeCents: 5_000_000, hauptgewerbe: 'si-buero' },
    product: 'SI_MEHRGEFAHREN',
    variants: {
      SI_KOMPAKT: {
        JAEHRLICH: [10_000, 1_900, 11_900],
        HALBJAEHRLICH: [5_150, 979, 6_129],
        VIERTELJAEHRLICH: [2_625, 499, 3_124],
        MONATLICH: [875, 166, 1_041],
      },
      SI_OPTIMAL: {
        JAEHRLICH: [13_000, 2_470, 15_470],
        HALBJAEHRLICH: [6_695, 1_272, 7_967],
        VIERTELJAEHRLICH: [3_413, 648, 4_061],
        MONATLICH: [1_138, 216, 1_354],
      },
    },
  },
  {
    doc: 'si',
    example: 2,
    path: 'si',
    body: {
      produkt: 'SI_ALLGEFAHREN',
      versicherungssummeCents: 18_000_000,
      hauptgewerbe: 'si-zahnarztpraxis',
      variante: 'SI_OPTIMAL',
      selbstbeteiligung: 'SB_500',
    },
    product: 'SI_ALLGEFAHREN',
    variants: {
      SI_OPTIMAL: {
        JAEHRLICH: [63_180, 12_004, 75_184],
        HALBJAEHRLICH: [32_538, 6_182, 38_720],
        VIERTELJAEHRLICH: [16_585, 3_151, 19_736],
        MONATLICH: [5_528, 1_050, 6_578],
      },
    },
  },
  {
    doc: 'si',
    example: 3,
    path: 'si',
    body: {
      produkt: 'SI_MEHRGEFAHREN',
      versicherungssummeCents: 8_765_432,
      hauptgewerbe: 'si-einzelhandel-textil',
      nebengewerbe: ['si-cafe-restaurant'],
      variante: 'SI_KOMPAKT',
      selbstbeteiligung: 'SB_250',
    },
    product: 'SI_MEHRGEFAHREN',
    variants: {
      SI_KOMPAKT: {
        JAEHRLICH: [37_472, 7_120, 44_592],
        HALBJAEHRLICH: [19_298, 3_667, 22_965],
        VIERTELJAEHRLICH: [9_836, 1_869, 11_705],
        MONATLICH: [3_279, 623, 3_902],
      },
    },
  },
  {
    doc: 'si',
    example: 4,
    path: 'si',
    body: {
      produkt: 'SI_ALLGEFAHREN',
      versicherungssummeCents: 2_500_000,
      hauptgewerbe: 'si-friseur',
      variante: 'SI_KOMPAKT',
      selbstbeteiligung: 'SB_1000',
    },
    product: 'SI_ALLGEFAHREN',
    variants: {
      SI_KOMPAKT: {
        JAEHRLICH: [12_000, 2_280, 14_280],
        HALBJAEHRLICH: [6_180, 1_174, 7_354],
        VIERTELJAEHRLICH: [3_150, 599, 3_749],
        MONATLICH: [1_050, 200, 1_250],
      },
    },
  },
  {
    doc: 'si',
    example: 5,
    path: 'si',
    body: {
      produkt: 'SI_MEHRGEFAHREN',
      versicherungssummeCents: 40_000_000,
      hauptgewerbe: 'si-kfz-werkstatt',
      variante: 'SI_OPTIMAL',
      selbstbeteiligung: 'SB_5000',
    },
    product: 'SI_MEHRGEFAHREN',
    variants: {
      SI_OPTIMAL: {
        JAEHRLICH: [238_000, 45_220, 283_220],
        HALBJAEHRLICH: [122_570, 23_288, 145_858],
        VIERTELJAEHRLICH: [62_475, 11_870, 74_345],
        MONATLICH: [20_825, 3_957, 24_782],
      },
    },
  },
  {
    doc: 'hausrat',
    example: 1,
    path: 'hausrat/v2',
    body: { plz: '80331', ort: 'München', wohnflaeche: 65 },
    product: 'HAUSRAT',
    variants: {
      HAUSRAT_BASIS: {
        JAEHRLICH: [9_100, 1_729, 10_829],
        HALBJAEHRLICH: [4_687, 891, 5_578],
        VIERTELJAEHRLICH: [2_389, 454, 2_843],
        MONATLICH: [796, 151, 947],
      },
      HAUSRAT_KOMFORT: {
        JAEHRLICH: [11_375, 2_161, 13_536],
        HALBJAEHRLICH: [5_858, 1_113, 6_971],
        VIERTELJAEHRLICH: [2_986, 567, 3_553],
        MONATLICH: [995, 189, 1_184],
      },
      HAUSRAT_PREMIUM: {
        JAEHRLICH: [14_300, 2_717, 17_017],
        HALBJAEHRLICH: [7_365, 1_399, 8_764],
        VIERTELJAEHRLICH: [3_754, 713, 4_467],
        MONATLICH: [1_251, 238, 1_489],
      },
    },
  },
  {
    doc: 'hausrat',
    example: 2,
    path: 'hausrat/v2',
    body: {
      plz: '50667',
      ort: 'Köln',
      wohnflaeche: 90,
      variante: 'HAUSRAT_KOMFORT',
      selbstbeteiligung: 'SB_250',
      deckungen: [BASIS, GLAS, 'SCHIRM_FAHRRAD_HAUSRAT', 'SCHIRM_WOHNUNGSSCHUTZBRIEF_HAUSRAT'],
    },
    product: 'HAUSRAT',
    variants: {
      HAUSRAT_KOMFORT: {
        JAEHRLICH: [24_150, 4_589, 28_739],
        HALBJAEHRLICH: [12_437, 2_363, 14_800],
        VIERTELJAEHRLICH: [6_339, 1_204, 7_543],
        MONATLICH: [2_113, 401, 2_514],
      },
    },
  },
  {
    doc: 'hausrat',
    example: 3,
    path: 'hausrat/v2',
    body: {
      plz: '94032',
      ort: 'Passau',
      wohnflaeche: 123,
      variante: 'HAUSRAT_PREMIUM',
      selbstbeteiligung: 'SB_500',
      deckungen: [BASIS, ELEMENTAR, 'SCHIRM_UNBENANNTE_GEFAHREN_HAUSRAT'],
    },
    product: 'HAUSRAT',
    zuersKlasse: 3,
    variants: {
      HAUSRAT_PREMIUM: {
        JAEHRLICH: [24_047, 4_569, 28_616],
        HALBJAEHRLICH: [12_384, 2_353, 14_737],
        VIERTELJAEHRLICH: [6_312, 1_199, 7_511],
        MONATLICH: [2_104, 400, 2_504],
      },
    },
  },
  {
    doc: 'hausrat',
    example: 4,
    path: 'hausrat/v2',
    body: {
      plz: '99084',
      ort: 'Erfurt',
      wohnflaeche: 25,
      variante: 'HAUSRAT_BASIS',
      selbstbeteiligung: 'SB_500',
    },
    product: 'HAUSRAT',
    variants: {
      HAUSRAT_BASIS: {
        JAEHRLICH: [4_500, 855, 5_355],
        HALBJAEHRLICH: [2_318, 440, 2_758],
        VIERTELJAEHRLICH: [1_181, 224, 1_405],
        MONATLICH: [394, 75, 469],
      },
    },
  },
  {
    doc: 'hausrat',
    example: 5,
    path: 'hausrat/v2',
    body: {
      plz: '28195',
      ort: 'Bremen',
      wohnflaeche: 78,
      variante: 'HAUSRAT_BASIS',
      selbstbeteiligung: 'SB_250',
      deckungen: [BASIS, ELEMENTAR, GLAS],
    },
    product: 'HAUSRAT',
    zuersKlasse: 2,
    variants: {
      HAUSRAT_BASIS: {
        JAEHRLICH: [15_795, 3_001, 18_796],
        HALBJAEHRLICH: [8_134, 1_545, 9_679],
        VIERTELJAEHRLICH: [4_146, 788, 4_934],
        MONATLICH: [1_382, 263, 1_645],
      },
    },
  },
  {
    doc: 'bhv',
    example: 1,
    path: 'bhv',
    body: {
      hauptgewerbe: 'bhv-it-dienstleistung',
      jahresumsatzCents: 8_000_000,
      variante: 'BHV_BASIS',
      zahlweise: 'JAEHRLICH',
    },
    product: 'BHV_2',
    variants: { BHV_BASIS: { JAEHRLICH: [14_000, 2_660, 16_660] } },
  },
  {
    doc: 'bhv',
    example: 2,
    path: 'bhv',
    body: {
      hauptgewerbe: 'bhv-elektroinstallation',
      jahresumsatzCents: 25_000_000,
      variante: 'BHV_KOMFORT',
      selbstbeteiligung: 'SB_500',
      zahlweise: 'MONATLICH',
    },
    product: 'BHV_2',
    variants: { BHV_KOMFORT: { MONATLICH: [4_121, 783, 4_904] } },
  },
  {
    doc: 'bhv',
    example: 3,
    path: 'bhv',
    body: {
      hauptgewerbe: 'bhv-einzelhandel-textil',
      nebengewerbe: ['bhv-cafe-restaurant'],
      jahresumsatzCents: 40_000_000,
      variante: 'BHV_PREMIUM',
      selbstbeteiligung: 'SB_1000',
      zahlweise: 'VIERTELJAEHRLICH',
    },
    product: 'BHV_2',
    variants: { BHV_PREMIUM: { VIERTELJAEHRLICH: [13_916, 2_644, 16_560] } },
  },
  {
    doc: 'bhv',
    example: 4,
    path: 'bhv/wechsel',
    body: {
      hauptgewerbe: 'bhv-dachdecker',
      jahresumsatzCents: 60_000_000,
      variante: 'BHV_BASIS',
      selbstbeteiligung: 'SB_5000',
      zahlweise: 'HALBJAEHRLICH',
      wechsel: {
        vorversicherer: 'Beispiel Versicherung AG',
        vorvertragEndetAm: '2027-03-31',
        schadenfreieJahre: 6,
        schaedenLetzte5Jahre: 0,
      },
    },
    product: 'BHV_2',
    variants: { BHV_BASIS: { HALBJAEHRLICH: [41_696, 7_922, 49_618] } },
  },
  {
    doc: 'bhv',
    example: 5,
    path: 'bhv',
    host: HOSTS.production,
    body: {
      hauptgewerbe: 'bhv-unternehmensberatung',
      jahresumsatzCents: 5_000_000,
      variante: 'BHV_BASIS',
      selbstbeteiligung: 'SB_5000',
      zahlweise: 'JAEHRLICH',
    },
    product: 'BHV_1',
    variants: { BHV_BASIS: { JAEHRLICH: [11_000, 2_090, 13_090] } },
  },
  {
    doc: 'bhv',
    example: 6,
    path: 'bhv',
    host: HOSTS.production,
    body: {
      hauptgewerbe: 'bhv-elektroinstallation',
      jahresumsatzCents: 25_000_000,
      variante: 'BHV_KOMFORT',
      selbstbeteiligung: 'SB_500',
      zahlweise: 'MONATLICH',
    },
    product: 'BHV_1',
    variants: { BHV_KOMFORT: { MONATLICH: [4_028, 765, 4_793] } },
  },
  {
    doc: 'vh',
    example: 1,
    path: 'vh2',
    body: {
      beruf: 'vh-grafikdesign',
      jahresumsatzCents: 6_000_000,
      variante: 'VH_250',
      zahlweise: 'JAEHRLICH',
    },
    product: 'VH_2',
    variants: { VH_250: { JAEHRLICH: [16_000, 3_040, 19_040] } },
  },
  {
    doc: 'vh',
    example: 2,
    path: 'vh2',
    body: {
      beruf: 'vh-it-beratung',
      jahresumsatzCents: 18_000_000,
      variante: 'VH_500',
      selbstbeteiligung: 'SB_1000',
      buerohaftpflicht: true,
      phvAnzahl: 'EINS',
      zahlweise: 'MONATLICH',
    },
    product: 'VH_2',
    variants: { VH_500: { MONATLICH: [4_037, 767, 4_804] } },
  },
  {
    doc: 'vh',
    example: 3,
    path: 'vh2',
    body: {
      beruf: 'vh-immobilienverwaltung',
      jahresumsatzCents: 45_000_000,
      variante: 'VH_1000',
      selbstbeteiligung: 'SB_5000',
      phvAnzahl: 'ZWEI',
      zahlweise: 'VIERTELJAEHRLICH',
    },
    product: 'VH_2',
    variants: { VH_1000: { VIERTELJAEHRLICH: [33_078, 6_285, 39_363] } },
  },
  {
    doc: 'vh',
    example: 4,
    path: 'vh2',
    body: {
      beruf: 'vh-uebersetzung',
      jahresumsatzCents: 4_000_000,
      variante: 'VH_250',
      selbstbeteiligung: 'SB_1000',
      zahlweise: 'HALBJAEHRLICH',
    },
    product: 'VH_2',
    variants: { VH_250: { HALBJAEHRLICH: [7_725, 1_468, 9_193] } },
  },
  {
    doc: 'vh',
    example: 5,
    path: 'vh2',
    host: HOSTS.production,
    body: {
      beruf: 'vh-unternehmensberatung',
      jahresumsatzCents: 12_550_000,
      variante: 'VH_500',
      selbstbeteiligung: 'SB_250',
      buerohaftpflicht: true,
      phvAnzahl: 'DREI',
      zahlweise: 'JAEHRLICH',
    },
    product: 'VH',
    variants: { VH_500: { JAEHRLICH: [55_764, 10_595, 66_359] } },
  },
  {
    doc: 'reise',
    example: 1,
    path: 'reise',
    body: { personenkreis: 'SINGLE', beginn: '2027-06-05', ende: '2027-06-12' },
    product: 'REISE',
    reisekrankenCents: 0,
    variants: {
      REISE_BASIS: { EINMALIG: [2_900, 551, 3_451] },
      REISE_KOMFORT: { EINMALIG: [4_400, 836, 5_236] },
      REISE_PREMIUM: { EINMALIG: [6_900, 1_311, 8_211] },
    },
  },
  {
    doc: 'reise',
    example: 2,
    path: 'reise',
    body: {
      personenkreis: 'FAMILIE',
      beginn: '2027-07-15',
      ende: '2027-08-04',
      variante: 'REISE_KOMFORT',
      reisekrankenversicherung: true,
    },
    product: 'REISE',
    reisekrankenCents: 6_930,
    variants: { REISE_KOMFORT: { EINMALIG: [20_280, 2_537, 22_817] } },
  },
  {
    doc: 'reise',
    example: 3,
    path: 'reise',
    body: { personenkreis: 'SINGLE', beginn: '2027-05-14', ende: '2027-05-16', variante: 'REISE_BASIS' },
    product: 'REISE',
    reisekrankenCents: 0,
    variants: { REISE_BASIS: { EINMALIG: [2_500, 475, 2_975] } },
  },
  {
    doc: 'reise',
    example: 4,
    path: 'reise',
    body: {
      personenkreis: 'SINGLE_PLUS_KIND',
      beginn: '2027-06-01',
      ende: '2027-08-01',
      variante: 'REISE_PREMIUM',
      reisekrankenversicherung: true,
    },
    product: 'REISE',
    reisekrankenCents: 11_160,
    variants: { REISE_PREMIUM: { EINMALIG: [34_160, 4_370, 38_530] } },
  },
  {
    doc: 'reise',
    example: 5,
    path: 'reise',
    body: {
      personenkreis: 'PAAR',
      beginn: '2027-04-01',
      ende: '2027-04-15',
      variante: 'REISE_BASIS',
      reisekrankenversicherung: true,
    },
    product: 'REISE',
    reisekrankenCents: 3_600,
    variants: { REISE_BASIS: { EINMALIG: [9_725, 1_164, 10_889] } },
  },
];

// The routes send answers without checking them against these schemas (see routes.ts), so here
// real answers must parse to exactly themselves: right types, no field missing, none extra.
const RESPONSE_SCHEMAS: Record<string, z.ZodType> = {
  fahrrad2: fahrradQuoteResponseSchema,
  'hausrat/v2': hausratQuoteResponseSchema,
  reise: reiseQuoteResponseSchema,
};

const docs = new Map<string, string>();
function docText(name: string): string {
  const cached = docs.get(name);
  if (cached !== undefined) return cached;
  const text = fs.readFileSync(path.join(REPO_ROOT, 'docs/tariffs', `${name}.md`), 'utf8');
  docs.set(name, text);
  return text;
}

// Docs head an example either '### Example N' or '**N. …**'; its section runs to the next heading.
function exampleSection(doc: string, example: number): string {
  const start = doc.search(new RegExp(`^(### Example ${example}\\b|\\*\\*${example}\\. )`, 'm'));
  if (start === -1) throw new Error(`Example ${example} not found`);
  const bodyStart = doc.indexOf('\n', start) + 1;
  const rest = doc.slice(bodyStart);
  const end = rest.search(/^(### |\*\*\d+\. |## )/m);
  return doc.slice(start, end === -1 ? undefined : bodyStart + end);
}

/** The amount as the docs write it: '1.234,56'. */
function docAmount(cents: number): string {
  return formatCents(cents).replace(' EUR', '');
}

function amountsOf(premium: PremiumResponse): Amounts {
  return [premium.nettoCents, premium.versicherungsteuerCents, premium.bruttoCents];
}

interface VariantBody {
  deckungsVarianteIdentifier: string;
  premiums: PremiumResponse[];
  reisekrankenNettoCents?: number;
  pricingResults?: { proportionalFee: number; proportionalFeeCents: number; paymentPeriod: string }[];
}

let testApp: TestApp;

beforeAll(async () => {
  // The docs compute with today = 22.11.2026 (bicycle age, travel and switch dates).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00+01:00'));
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
  vi.useRealTimers();
});

describe('worked examples of docs/tariffs through POST /api/taa/…/tarifieren', () => {
  it.each(EXAMPLES.map((example) => [`${example.doc} example ${example.example}`, example] as const))(
    '%s',
    async (_name, example) => {
      const response = await postTarifieren(testApp.app, example.path, example.body, {
        ...(example.host ? { host: example.host } : {}),
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        kind: 'quote',
        product: example.product,
        tariffVersion: '2026-01',
      });
      const schema = RESPONSE_SCHEMAS[example.path] ?? quoteResponseSchema;
      expect(schema.parse(response.body)).toEqual(response.body);
      const variants = response.body.variants as VariantBody[];
      const answered = Object.fromEntries(
        variants.map((variant) => [
          variant.deckungsVarianteIdentifier,
          Object.fromEntries(variant.premiums.map((premium) => [premium.zahlweise, amountsOf(premium)])),
        ]),
      );
      expect(answered).toEqual(example.variants);
      expect(variants.map((variant) => variant.deckungsVarianteIdentifier)).toEqual(
        Object.keys(example.variants),
      );
      if (example.reisekrankenCents !== undefined) {
        for (const variant of variants)
          expect(variant.reisekrankenNettoCents).toBe(example.reisekrankenCents);
      }
      if (example.zuersKlasse !== undefined) expect(response.body.zuersKlasse).toBe(example.zuersKlasse);
      if (example.path === 'fahrrad2') {
        for (const variant of variants) {
          expect(variant.pricingResults).toEqual(
            variant.premiums.map((premium) => ({
              proportionalFee: premium.bruttoCents / 100,
              proportionalFeeCents: premium.bruttoCents,
              paymentPeriod: premium.zahlweise,
            })),
          );
        }
      }
    },
  );

  it.each(EXAMPLES.map((example) => [`${example.doc} example ${example.example}`, example] as const))(
    '%s: the doc states every amount checked here',
    (_name, example) => {
      const section = exampleSection(docText(example.doc), example.example);
      const stated = Object.values(example.variants)
        .flatMap((periods) => Object.values(periods))
        .flat()
        .concat(example.reisekrankenCents ? [example.reisekrankenCents] : []);
      const missing = stated.map(docAmount).filter((amount) => !section.includes(amount));
      expect(missing).toEqual([]);
    },
  );

  it('covers at least five examples of every product with a tariff', () => {
    const perDoc = new Map<string, number>();
    for (const example of EXAMPLES) perDoc.set(example.doc, (perDoc.get(example.doc) ?? 0) + 1);
    expect([...perDoc.keys()].sort()).toEqual([
      'bhv',
      'fahrrad',
      'hausrat',
      'phv',
      'reise',
      'si',
      'thv',
      'vh',
    ]);
    for (const count of perDoc.values()) expect(count).toBeGreaterThanOrEqual(5);
  });
});
