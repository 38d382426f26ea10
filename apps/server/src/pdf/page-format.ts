/** A4 portrait in PDF points, with the margins every document uses. */
export const A4 = { width: 595.28, height: 841.89, margin: 48 } as const;
export const CONTENT_WIDTH = A4.width - 2 * A4.margin;

export const FONT = { regular: 'Regular', bold: 'Bold' } as const;

/** The documents' colours: body text, muted labels, the accent of titles and table headers, rules, fills. */
export const COLOR = { text: '#1d1d1f', muted: '#5f6368', accent: '#1f3a5f', rule: '#c9d1dc', fill: '#eef2f7' };
