import type { FilePart } from '../neutral/content';

/** Test fixture: the first bytes of a PDF, as base64. */
export const PDF_BASE64 = 'JVBERi0xLjQK';

/** Test fixture: a neutral file part holding that PDF. */
export const pdfFile: FilePart = { type: 'file', source: { kind: 'base64', mediaType: 'application/pdf', data: PDF_BASE64 } };
