// exceljs' streaming writer alone (../heavyWork/xlsxWriter.ts): the package's types describe it
// under `stream.xlsx.WorkbookWriter`.
declare module 'exceljs/lib/stream/xlsx/workbook-writer.js' {
  import type { stream } from 'exceljs';

  const WorkbookWriter: typeof stream.xlsx.WorkbookWriter;
  export default WorkbookWriter;
}
