// The download of the Kundenbestand (ADR 0030) as XLSX or CSV, written while the rows arrive in
// batches: exceljs' streaming WorkbookWriter (each row committed, never the whole sheet in memory)
// and csv-stringify. German column names; the XLSX has real date and number cells with German
// formats, the CSV German text (dd.MM.yyyy, '1.234,56', ';' as separator, UTF-8 with BOM), which
// German Excel opens as it is.
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import {
  PORTFOLIO_PRODUKT_LABELS,
  PORTFOLIO_STATUS_LABELS,
  PORTFOLIO_ZAHLWEISE_LABELS,
  type PortfolioFormat,
} from '@schirm/domain/agent/portfolio';
import { formatDate } from '@schirm/domain/format/date';
import { formatMoneyInput } from '@schirm/domain/format/money';
import { customerName, type PortfolioExportRow } from './service';
import { PORTFOLIO_TEXTS } from './texts';

type Kind = 'text' | 'date' | 'money' | 'count';

interface Column {
  header: string;
  width: number;
  kind: Kind;
  /** Text, a 'yyyy-MM-dd' day (date), cents (money) or a number (count); null leaves the cell empty. */
  value: (row: PortfolioExportRow) => string | number | null;
}

const pad = (value: number) => String(value).padStart(2, '0');
const textColumn = (header: string, width: number, value: Column['value']): Column => ({
  header,
  width,
  kind: 'text',
  value,
});

/** The download's columns, in order. */
export const PORTFOLIO_COLUMNS: readonly Column[] = [
  textColumn('Partnernummer', 14, (row) => row.partner_nummer),
  textColumn('Kunde', 32, (row) => customerName(row)),
  textColumn('Anrede', 8, (row) => row.anrede),
  textColumn('E-Mail', 30, (row) => row.email),
  textColumn('Telefon', 16, (row) => row.telefon),
  textColumn('Straße', 24, (row) => row.strasse),
  textColumn('Hausnummer', 11, (row) => row.hausnummer),
  textColumn('PLZ', 7, (row) => row.plz),
  textColumn('Ort', 18, (row) => row.ort),
  textColumn('Vertragsnummer', 15, (row) => row.versicherungs_nummer),
  textColumn('Produkt', 28, (row) => PORTFOLIO_PRODUKT_LABELS[row.produkt]),
  textColumn('Status', 11, (row) => PORTFOLIO_STATUS_LABELS[row.status]),
  { header: 'Vertragsbeginn', width: 14, kind: 'date', value: (row) => row.vertrags_beginn },
  {
    header: 'Vertragsende',
    width: 14,
    kind: 'date',
    value: (row) => row.beendigungsdatum ?? row.ablaufdatum,
  },
  textColumn(
    'Hauptfälligkeit',
    14,
    (row) => `${pad(row.hauptfaelligkeit_tag)}.${pad(row.hauptfaelligkeit_monat)}.`,
  ),
  textColumn('Zahlweise', 15, (row) => PORTFOLIO_ZAHLWEISE_LABELS[row.zahlweise]),
  {
    header: 'Jahresbeitrag netto (EUR)',
    width: 16,
    kind: 'money',
    value: (row) => row.netto_jahresbeitrag_cents,
  },
  {
    header: 'Beitrag je Zahlung brutto (EUR)',
    width: 16,
    kind: 'money',
    value: (row) => row.brutto_beitrag_pro_periode_cents,
  },
  { header: 'Überfällig (EUR)', width: 14, kind: 'money', value: (row) => row.ueberfaellig_cents },
  { header: 'Offene Aufgaben', width: 10, kind: 'count', value: (row) => row.offene_aufgaben },
  textColumn('Vermittlernummer', 14, (row) => row.vermittler_nummer),
  textColumn('Vermittler', 24, (row) => row.vermittler_name),
];

/** Content type of each format. */
export const PORTFOLIO_CONTENT_TYPES: Readonly<Record<PortfolioFormat, string>> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

// Excel shows these with the reader's separators: German Excel writes 1.234,56 and 26.11.2026.
const DATE_FORMAT = 'dd.mm.yyyy';
const MONEY_FORMAT = '#,##0.00';

function xlsxValue(column: Column, row: PortfolioExportRow): ExcelJS.CellValue {
  const value = column.value(row);
  if (value === null) return null;
  switch (column.kind) {
    case 'date': {
      const [year, month, day] = String(value).split('-').map(Number);
      // exceljs turns a Date into Excel's day number in UTC: midnight UTC is exactly that day.
      return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
    }
    case 'money':
      return Number(value) / 100;
    default:
      return value;
  }
}

function csvValue(column: Column, row: PortfolioExportRow): string {
  const value = column.value(row);
  if (value === null) return '';
  switch (column.kind) {
    case 'date':
      return formatDate(String(value));
    case 'money':
      return formatMoneyInput(Number(value));
    default:
      return String(value);
  }
}

async function writeXlsx(batches: AsyncIterable<PortfolioExportRow[]>, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(PORTFOLIO_TEXTS.blattname, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = PORTFOLIO_COLUMNS.map((column) => ({
    header: column.header,
    width: column.width,
    ...(column.kind === 'date' ? { style: { numFmt: DATE_FORMAT } } : {}),
    ...(column.kind === 'money' ? { style: { numFmt: MONEY_FORMAT } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const rows of batches) {
    // The client went away: stop reading the database for it.
    if (out.destroyed) return;
    for (const row of rows) {
      sheet.addRow(PORTFOLIO_COLUMNS.map((column) => xlsxValue(column, row))).commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}

async function writeCsv(batches: AsyncIterable<PortfolioExportRow[]>, out: Writable): Promise<void> {
  const csv = stringify({
    delimiter: ';',
    bom: true,
    record_delimiter: 'windows',
    header: true,
    columns: PORTFOLIO_COLUMNS.map((column) => column.header),
  });
  csv.pipe(out);
  for await (const rows of batches) {
    if (out.destroyed) return;
    for (const row of rows) {
      if (!csv.write(PORTFOLIO_COLUMNS.map((column) => csvValue(column, row)))) {
        await once(csv, 'drain');
      }
    }
  }
  csv.end();
}

/**
 * A stream of the download: written in the background as the batches arrive. A failure after the
 * first bytes cannot become an error answer any more; the stream is destroyed, so the client sees
 * a broken transfer instead of a file that looks complete, and `onError` logs it.
 */
export function portfolioDownloadStream(
  format: PortfolioFormat,
  batches: AsyncIterable<PortfolioExportRow[]>,
  onError: (error: unknown) => void,
): PassThrough {
  const out = new PassThrough();
  const write = format === 'xlsx' ? writeXlsx : writeCsv;
  // Both writers end `out` themselves: the zip stream and the CSV stringifier are piped into it.
  write(batches, out).catch((error: unknown) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
