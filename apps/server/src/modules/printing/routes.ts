// Public printed documents (spec §7 'Printable documents', 'Document overview pages', 'Static
// documents'): no sign-in, rate-limited per IP, cacheable by browsers and proxies because the
// texts change only with a release. Unknown codes answer 404 in the error envelope.
import { PRODUCT_KEYS, type ProductKey } from '@schirm/domain/products/enums';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, notFound } from '../../platform/errors';
import { contentDisposition } from '../../platform/files/content-disposition';
import {
  STATIC_DOCUMENT_NAMES,
  STATIC_DOCUMENT_TITLES,
  leistungsuebersicht,
  mischbetriebslogik,
  staticDocument,
  type StaticDocumentName,
} from './overviews';
import {
  DOCUMENT_NAMES,
  TEXT_EDITION_LABEL,
  printPreContractDocument,
  type PreContractDocumentType,
} from './pre-contract';
import {
  CODE_BY_PRODUCT,
  KUNDENINFORMATION_CODES,
  TEXTS_BY_CODE,
  type KundeninformationCode,
} from './products';

/** Requests per IP and minute and route: a person opens a handful of documents, not hundreds. */
export const PRINTING_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

const CACHE_PUBLIC = 'public, max-age=86400';
const TAGS = ['Druckstücke'];
const PDF_BASE = '/druck/pdf';
const STATIC_BASE = '/dokument/dvelop/dokumente/static';

const TEXTS = {
  unknownCode: `Dieses Dokument gibt es nicht. Verfügbar sind: ${KUNDENINFORMATION_CODES.join(', ')}.`,
  unknownProduct: 'Für dieses Produkt gibt es keine Leistungsübersicht.',
  unknownStatic: `Dieses Dokument gibt es nicht. Verfügbar sind: ${STATIC_DOCUMENT_NAMES.join(', ')}.`,
};

const codeParam = z.object({
  typ: z
    .string()
    .max(40)
    .describe(`Dokumentcode: ${KUNDENINFORMATION_CODES.join(', ')}`),
});
const pdfResponse = {
  200: z.any().describe('Das Dokument (application/pdf)'),
  404: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

const documentLinkSchema = z.object({
  typ: z.string().describe('KUNDENINFORMATION, IPID, AVB oder LEISTUNGSUEBERSICHT'),
  name: z.string().describe('Deutscher Name, z. B. Produktinformationsblatt (IPID)'),
  url: z.string(),
});

const docsOverviewSchema = z
  .object({
    stand: z.string().describe('Stand der Texte, z. B. 11/2026'),
    produkte: z.array(
      z.object({
        code: z.enum(KUNDENINFORMATION_CODES),
        produktName: z.string(),
        dokumente: z.array(documentLinkSchema),
      }),
    ),
    uebergreifend: z
      .array(documentLinkSchema)
      .describe('Dokumente für mehrere Produkte, z. B. Mischbetriebslogik'),
  })
  .meta({ id: 'DruckDokumentUebersicht' });

const staticListSchema = z
  .array(z.object({ name: z.enum(STATIC_DOCUMENT_NAMES), titel: z.string(), url: z.string() }))
  .meta({ id: 'StatischeDokumente' });

function isCode(value: string): value is KundeninformationCode {
  return (KUNDENINFORMATION_CODES as readonly string[]).includes(value);
}

function codeOr404(typ: string): KundeninformationCode {
  if (!isCode(typ))
    throw notFound(`Unknown document code ${typ}`, {
      code: 'DOKUMENT_NOT_FOUND',
      userMessage: TEXTS.unknownCode,
    });
  return typ;
}

/** Product key or document code (THV, PHV, HRV, BHV_WECHSELTARIF) → document code. */
function overviewCodeOr404(value: string): KundeninformationCode {
  if (isCode(value)) return value;
  if ((PRODUCT_KEYS as readonly string[]).includes(value)) return CODE_BY_PRODUCT[value as ProductKey];
  throw notFound(`Unknown product ${value}`, {
    code: 'DOKUMENT_NOT_FOUND',
    userMessage: TEXTS.unknownProduct,
  });
}

const PATH_OF: Readonly<Record<PreContractDocumentType, string>> = {
  KUNDENINFORMATION: 'kundeninformation',
  IPID: 'ipid',
  AVB: 'avb',
};

export const printingRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { rateLimit: PRINTING_RATE_LIMIT };

  const sendPdf = (reply: FastifyReply, pdf: Buffer, fileName: string) =>
    reply
      .header('content-type', 'application/pdf')
      .header('cache-control', CACHE_PUBLIC)
      .header('content-disposition', contentDisposition(fileName).replace(/^attachment/, 'inline'))
      .send(pdf);

  for (const typ of ['KUNDENINFORMATION', 'IPID', 'AVB'] as const) {
    app.get(
      `${PDF_BASE}/${PATH_OF[typ]}/:typ`,
      {
        config,
        schema: {
          tags: TAGS,
          summary: `${DOCUMENT_NAMES[typ]} eines Produkts als PDF (eingebettete Schriften)`,
          params: codeParam,
          response: pdfResponse,
        },
      },
      async (request, reply) => {
        const document = await printPreContractDocument(typ, codeOr404(request.params.typ));
        return sendPdf(reply, document.pdf, document.fileName);
      },
    );
  }

  app.get(
    `${PDF_BASE}/leistungsuebersicht/:productKey`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Leistungsübersicht eines Produkts: die Varianten im Vergleich (PDF)',
        params: z.object({
          productKey: z
            .string()
            .max(40)
            .describe('Produktschlüssel (z. B. HAUSRAT) oder Dokumentcode (z. B. HRV)'),
        }),
        response: pdfResponse,
      },
    },
    async (request, reply) => {
      const code = overviewCodeOr404(request.params.productKey);
      return sendPdf(
        reply,
        await cached(`leistungsuebersicht-${code}`, () => leistungsuebersicht(code)),
        `Leistungsuebersicht-${TEXTS_BY_CODE[code].fileStem}.pdf`,
      );
    },
  );

  app.get(
    `${PDF_BASE}/mischbetriebslogik`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Wie Betriebshaftpflicht und Sachinhalt Haupt- und Nebengewerbe einstufen (PDF)',
        response: { 200: pdfResponse[200], 429: errorEnvelopeSchema },
      },
    },
    async (_request, reply) =>
      sendPdf(reply, await cached('mischbetriebslogik', mischbetriebslogik), 'Mischbetriebslogik.pdf'),
  );

  app.get(
    '/druck/docs',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Übersicht der druckbaren Dokumente je Produkt mit deutschen Namen und Adressen',
        response: { 200: docsOverviewSchema, 429: errorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', CACHE_PUBLIC);
      return docsOverview();
    },
  );

  app.get(
    STATIC_BASE,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Statische Dokumente: Nutzungsbedingungen und Einwilligungen',
        response: { 200: staticListSchema, 429: errorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', CACHE_PUBLIC);
      return STATIC_DOCUMENT_NAMES.map((name) => ({
        name,
        titel: STATIC_DOCUMENT_TITLES[name],
        url: `/api${STATIC_BASE}/${name}`,
      }));
    },
  );

  app.get(
    `${STATIC_BASE}/:name`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Ein statisches Dokument als PDF',
        params: z.object({ name: z.string().max(60).describe(STATIC_DOCUMENT_NAMES.join(', ')) }),
        response: pdfResponse,
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!(STATIC_DOCUMENT_NAMES as readonly string[]).includes(name))
        throw notFound(`Unknown static document ${name}`, {
          code: 'DOKUMENT_NOT_FOUND',
          userMessage: TEXTS.unknownStatic,
        });
      const known = name as StaticDocumentName;
      return sendPdf(
        reply,
        await cached(`static-${known}`, () => staticDocument(known)),
        `${STATIC_DOCUMENT_TITLES[known]}.pdf`,
      );
    },
  );
};

// The overviews and static documents are fixed per release: rendered once (a bounded set of keys).
const rendered = new Map<string, Promise<Buffer>>();
function cached(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
  let pdf = rendered.get(key);
  if (!pdf) {
    pdf = render();
    rendered.set(key, pdf);
    pdf.catch(() => rendered.delete(key));
  }
  return pdf;
}

/** The document overview of /api/druck/docs. */
export function docsOverview(): z.infer<typeof docsOverviewSchema> {
  return {
    stand: TEXT_EDITION_LABEL,
    produkte: KUNDENINFORMATION_CODES.map((code) => ({
      code,
      produktName: TEXTS_BY_CODE[code].name,
      dokumente: [
        ...(['KUNDENINFORMATION', 'IPID', 'AVB'] as const).map((typ) => ({
          typ,
          name: DOCUMENT_NAMES[typ],
          url: `/api${PDF_BASE}/${PATH_OF[typ]}/${code}`,
        })),
        {
          typ: 'LEISTUNGSUEBERSICHT',
          name: 'Leistungsübersicht',
          url: `/api${PDF_BASE}/leistungsuebersicht/${code}`,
        },
      ],
    })),
    uebergreifend: [
      {
        typ: 'MISCHBETRIEBSLOGIK',
        name: 'Mischbetriebslogik (Betriebshaftpflicht und Sachinhalt)',
        url: `/api${PDF_BASE}/mischbetriebslogik`,
      },
      ...STATIC_DOCUMENT_NAMES.map((name) => ({
        typ: 'STATISCH',
        name: STATIC_DOCUMENT_TITLES[name],
        url: `/api${STATIC_BASE}/${name}`,
      })),
    ],
  };
}
