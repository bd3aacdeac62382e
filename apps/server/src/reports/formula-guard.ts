// Spreadsheet text that a spreadsheet program would take for a formula once a user edits the cell:
// text starting with =, +, -, @, a tab or a carriage return (OWASP, "CSV injection"). We write all
// text as text cells, never formulas, but Excel and LibreOffice parse an edited cell's text again,
// so such cells carry the quotePrefix style: the text shows as it is and stays text when edited.
//
// exceljs writes no quotePrefix, and its style table doubles the time of every row written
// (xlsx.ts). So the streaming writer's style table is replaced by this fixed one of three cell
// formats: 0 plain, 1 quote prefix, 2 a date (the format exceljs gives Date cells without styles).
// The writer reads `styles` only when it writes rows and the workbook's parts (exceljs 4.4,
// lib/stream/xlsx/workbook-writer.js); the tests that read the produced XML guard the swap.
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

const FORMULA_START = /^[=+\-@\t\r]/;
/** Text a spreadsheet would read as a formula when the cell is edited. */
export const looksLikeFormula = (v: unknown): v is string => typeof v === 'string' && FORMULA_START.test(v);

const QUOTE_PREFIX = 1;
const DATE = 2;
/** Figures' counts and money (xlsx.ts): the built-in formats '#,##0' (3) and '#,##0.00' (4). */
const COUNT = 3;
const MONEY = 4;
const NUMBER_FORMATS: Record<string, number> = { '#,##0': COUNT, '#,##0.00': MONEY };
const QUOTED = Object.freeze({ quotePrefix: true }) as unknown as Partial<ExcelJS.Style>;

const STYLES_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<fonts count="1"><font><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="5">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/>' +
  '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="3" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '<dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/>' +
  '</styleSheet>';

/** The style table the writer consults for every cell: a fixed index, no per-cell bookkeeping. */
const guardedStyles = {
  addStyleModel: (model: { quotePrefix?: boolean; numFmt?: string } | undefined, cellType?: number) =>
    model?.quotePrefix
      ? QUOTE_PREFIX
      : cellType === ExcelJS.ValueType.Date
        ? DATE
        : cellType === ExcelJS.ValueType.Number && model?.numFmt
          ? (NUMBER_FORMATS[model.numFmt] ?? 0)
          : 0,
  getStyleModel: () => ({}),
  addDxfStyle: () => 0,
  xml: STYLES_XML,
};

/** exceljs' streaming writer, without shared strings, with the style table above. */
export function workbookWriter(stream: Writable): ExcelJS.stream.xlsx.WorkbookWriter {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  (wb as unknown as { styles: unknown }).styles = guardedStyles;
  return wb;
}

/** Gives the row's formula-like text cells the quote prefix; returns the row, to commit. */
export function guardRow(row: ExcelJS.Row): ExcelJS.Row {
  row.eachCell((cell) => {
    if (looksLikeFormula(cell.value)) cell.style = QUOTED;
  });
  return row;
}

/** A worksheet with these columns, its header row guarded (a header may hold a name a user chose). */
export function guardedSheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: Partial<ExcelJS.Column>[], frozenHeader = true): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(name, frozenHeader ? { views: [{ state: 'frozen', ySplit: 1 }] } : {});
  ws.columns = columns;
  guardRow(ws.getRow(1));
  return ws;
}
