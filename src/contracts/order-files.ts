/**
 * Spec 1 §7 file routes of the caller's dealer: the text file, PDF lists and PDFs of current orders and of shipped
 * history. Every file parameter must be a plain name (400 otherwise); a name the dealer does not own is 404.
 */
import { Type } from '@sinclair/typebox';

export const TextFileParams = Type.Object({ fileName: Type.String() });
/** ?folderName=&fileNames= (comma-separated file names). */
export const PdfListQuery = Type.Object({
  folderName: Type.String({ maxLength: 400 }),
  fileNames: Type.String({ maxLength: 8000 }),
});
export const FolderQuery = Type.Object({ folderName: Type.String({ maxLength: 400 }) });
/** The first segment is the order's file name, or (as the page builds it for confirmed and processed rows) the folder. */
export const OrderPdfParams = Type.Object({ fileName: Type.String(), pdfName: Type.String() });
export const HistoryPdfParams = Type.Object({ pdfName: Type.String() });
/** Any path below a file route with more segments than it takes: always 400. */
export const ExtraSegmentsParams = Type.Object({ '*': Type.String() });
/** PDF names of the orders asked for. */
export const PdfNames = Type.Array(Type.String());
