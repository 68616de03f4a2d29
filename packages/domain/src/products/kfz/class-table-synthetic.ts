// The synthetic default class table of the KFZ tariff, in the file format of class-table.ts.
// SYNTHETIC: the vehicles are real-looking (manufacturer key numbers and model names of common
// cars) but the type key numbers and every class were made up for demonstrations and tests; they
// say nothing about the real GDV classes and must not be used for underwriting. An operator points
// KFZ_CLASSES_FILE at the licensed table (docs/tariffs/kfz.md); without it this one applies.
// Kept as a module, not a .csv file, so that browser and server get it without file access.
import { parseKfzClassTable } from './class-table';
import type { KfzClassTable } from './class-table';

/** Version of the synthetic class table. */
export const SYNTHETIC_KFZ_CLASSES_VERSION = '2026-01';

/** The synthetic class table as file text (the same format an operator file has). */
export const SYNTHETIC_KFZ_CLASSES_CSV = `# Kfz-Klassentabelle, SYNTHETISCH (Demonstrations- und Testdaten, Stand 2026-01).
# Die Typ- und Regionalklassen sind erfunden und entsprechen nicht der GDV-Typ- und Regionalstatistik.
# Nicht zur Tarifierung echter Risiken verwenden.

[typklassen]
hsn;tsn;hersteller;modell;leistung_kw;kh;tk;vk
0603;BJM;Volkswagen;Golf VII 1.6 TDI;81;16;21;18
0603;BQF;Volkswagen;Golf VII 1.4 TSI;92;15;20;18
0603;CBZ;Volkswagen;Polo VI 1.0 TSI;70;14;16;15
0603;CGJ;Volkswagen;Passat Variant 2.0 TDI;110;18;22;20
0603;BZV;Volkswagen;Tiguan II 2.0 TDI 4MOTION;110;17;23;21
0603;CKR;Volkswagen;ID.3 Pro;107;14;19;21
0588;AZS;Audi;A3 Sportback 1.5 TFSI;110;17;22;21
0588;BHC;Audi;A4 Avant 2.0 TDI;110;18;24;22
0005;BXJ;BMW;118i;103;17;21;20
0005;CGY;BMW;320d Touring;140;18;25;23
1313;BSY;Mercedes-Benz;A 180;100;17;21;20
1313;CFB;Mercedes-Benz;C 220 d T-Modell;147;19;25;23
0035;BEZ;Opel;Corsa F 1.2;74;15;16;16
0035;BDS;Opel;Astra K 1.4 Turbo;110;16;18;17
8004;BCL;Škoda;Fabia 1.0 TSI;70;13;15;15
8004;AZH;Škoda;Octavia Combi 2.0 TDI;110;17;21;19
0928;CDG;Ford;Fiesta 1.0 EcoBoost;74;15;17;16
0928;BZR;Ford;Focus 1.5 EcoBlue;88;16;19;17
5013;AGH;Toyota;Yaris 1.5 Hybrid;85;14;17;16
3001;BAX;Renault;Clio V TCe 90;67;15;16;16
4136;ADG;Fiat;500 1.0 Hybrid;51;13;16;15
8012;ABM;Dacia;Sandero III TCe 90;67;14;15;13
8252;ADH;Hyundai;i30 1.0 T-GDI;88;15;18;16
0583;AJQ;Porsche;911 Carrera;283;22;33;34

[regionalklassen]
# Regionen nach Postleitzahl-Präfix (Leitregion); das längste passende Präfix gilt.
plz_praefix;bezeichnung;kh;tk;vk
01;Dresden;7;11;5
02;Görlitz;5;14;4
03;Cottbus;5;12;4
04;Leipzig;8;12;6
06;Halle (Saale);6;10;5
07;Gera;5;8;4
08;Zwickau;5;8;4
09;Chemnitz;6;9;5
10;Berlin;11;15;8
12;Berlin;11;15;8
13;Berlin;11;15;8
14;Potsdam;8;14;6
15;Frankfurt (Oder);6;16;5
16;Oranienburg;6;13;5
17;Neubrandenburg;4;9;3
18;Rostock;5;8;4
19;Schwerin;4;7;3
20;Hamburg;10;12;8
21;Lüneburg;6;8;5
22;Hamburg;10;12;8
23;Lübeck;7;8;5
24;Kiel;6;6;5
25;Itzehoe;5;6;4
26;Oldenburg;4;5;3
27;Verden;4;5;3
275;Bremerhaven;7;7;5
28;Bremen;9;10;7
29;Celle;4;5;3
30;Hannover;9;10;7
31;Hildesheim;5;6;4
32;Herford;5;5;4
33;Bielefeld;6;6;5
34;Kassel;6;7;5
35;Gießen;5;6;4
36;Fulda;4;5;3
37;Göttingen;5;6;4
38;Braunschweig;6;7;5
39;Magdeburg;6;8;5
40;Düsseldorf;9;10;7
41;Mönchengladbach;8;9;6
42;Wuppertal;8;8;6
44;Dortmund;9;9;7
45;Essen;9;9;7
46;Oberhausen;8;8;6
47;Duisburg;9;10;7
48;Münster;5;6;4
49;Osnabrück;4;5;3
50;Köln;10;11;8
51;Bergisch Gladbach;8;9;6
52;Aachen;7;8;6
53;Bonn;8;8;6
54;Trier;4;6;3
55;Mainz;6;7;5
56;Koblenz;5;6;4
57;Siegen;4;5;3
58;Hagen;7;6;5
59;Hamm;6;6;5
60;Frankfurt am Main;10;12;8
61;Bad Homburg;7;9;6
63;Offenbach;8;10;6
64;Darmstadt;7;9;6
65;Wiesbaden;7;9;6
66;Saarbrücken;6;8;5
67;Ludwigshafen;7;9;5
68;Mannheim;8;10;6
69;Heidelberg;6;9;5
70;Stuttgart;8;12;7
71;Ludwigsburg;6;10;5
72;Tübingen;4;9;3
73;Esslingen;5;10;4
74;Heilbronn;5;9;4
75;Pforzheim;6;10;5
76;Karlsruhe;6;10;5
77;Offenburg;4;9;3
78;Konstanz;4;10;3
79;Freiburg;5;10;4
80;München;9;14;7
81;München;9;14;7
82;Starnberg;5;13;4
83;Rosenheim;4;13;3
84;Landshut;3;11;2
85;Ingolstadt;5;12;4
86;Augsburg;5;12;4
87;Kempten;3;11;2
88;Ravensburg;3;11;2
89;Ulm;4;11;3
90;Nürnberg;8;11;6
91;Erlangen;5;9;4
92;Amberg;3;8;2
93;Regensburg;4;10;3
94;Passau;3;11;2
95;Bayreuth;3;8;2
96;Bamberg;3;8;2
97;Würzburg;4;8;3
98;Suhl;3;7;2
99;Erfurt;5;8;4
`;

/** The synthetic class table, parsed once: the default when no operator file is configured. */
export const DEFAULT_KFZ_CLASS_TABLE: KfzClassTable = parseKfzClassTable(
  SYNTHETIC_KFZ_CLASSES_CSV,
  'synthetisch',
);
