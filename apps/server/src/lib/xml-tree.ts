import { BANK_STATEMENT_TEXT, firstControlCharacter, firstControlCharacterReference } from '@gdf/domain';
import { SaxesParser } from 'saxes';
import { badRequest, HttpError } from './http-errors';

/**
 * An element by its local name: ISO 20022 versions differ by namespace only (R-SEC-14).
 * Shared by the bank return reports (sepa-returns) and the bank statements (bank-statements).
 */
export interface XmlElement {
  name: string;
  namespace: string;
  children: XmlElement[];
  text: string;
  /** Attributes by local name (namespace declarations left out), e.g. Amt's `Ccy`. */
  attributes: Record<string, string>;
}

export interface XmlLimits {
  maxBytes: number;
  /** ISO 20022 reports nest about 10 levels; anything much deeper is not one. */
  maxDepth?: number;
  /** Elements at most (default 100,000): bounds the tree built from a hostile file. */
  maxElements?: number;
}

const INVALID_XML = 'Fichier illisible : ce n’est pas un document XML valide.';

/** 413 for an uploaded file over `maxBytes`. */
export function fileTooLarge(maxBytes: number): HttpError {
  return new HttpError(
    413,
    `Fichier trop volumineux : ${Math.ceil(maxBytes / 1024 / 1024)} Mo au maximum.`,
    'payload-too-large',
  );
}

/**
 * Reads `bytes` (UTF-8, as ISO 20022 requires) into a tree with saxes, a maintained
 * non-validating parser that never fetches anything. Any DOCTYPE is refused outright: no
 * DTD, so no entity declarations, no external entity (XXE) and no entity expansion; saxes
 * knows only XML's five predefined entities and character references. A NUL or other control
 * character is refused with its line.
 */
export function readXmlTree(bytes: Buffer, limits: XmlLimits): XmlElement {
  if (bytes.length > limits.maxBytes) throw fileTooLarge(limits.maxBytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw badRequest('Fichier illisible : il doit être encodé en UTF-8.');
  }
  // R-BANK-08: a NUL or other control character, written as such or by reference, is never in
  // a bank file; named before the parser's generic refusal.
  const control = firstControlCharacter(text, '\t\n\r') ?? firstControlCharacterReference(text);
  if (control) {
    const line = text.slice(0, control.index).split('\n').length;
    throw badRequest(`Fichier refusé : ${BANK_STATEMENT_TEXT.controlCharacter(control.code, `ligne ${line}`)}.`);
  }
  const maxDepth = limits.maxDepth ?? 32;
  // A bank report of a few thousand debits holds well under 100,000 elements; 5 MB of empty
  // tags would otherwise build a million objects.
  const maxElements = limits.maxElements ?? 100_000;
  let elements = 0;
  const parser = new SaxesParser({ xmlns: true, position: false });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let refusal: HttpError | null = null;
  parser.on('doctype', () => {
    refusal = badRequest(
      'Fichier refusé : il contient une déclaration DOCTYPE (DTD, entités externes), interdite dans un relevé bancaire.',
    );
    throw refusal;
  });
  parser.on('opentag', (tag) => {
    elements += 1;
    if (elements > maxElements) {
      refusal = badRequest(`Fichier refusé : plus de ${maxElements.toLocaleString('fr-FR')} éléments XML.`);
      throw refusal;
    }
    if (stack.length >= maxDepth) {
      refusal = badRequest('Fichier refusé : imbrication trop profonde.');
      throw refusal;
    }
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.prefix !== 'xmlns' && attribute.name !== 'xmlns') attributes[attribute.local] = attribute.value;
    }
    const element: XmlElement = { name: tag.local, namespace: tag.uri, children: [], text: '', attributes };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on('text', (value) => {
    const current = stack.at(-1);
    if (current) current.text += value;
  });
  parser.on('cdata', (value) => {
    const current = stack.at(-1);
    if (current) current.text += value;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (refusal) throw refusal;
    if (error instanceof HttpError) throw error;
    throw badRequest(INVALID_XML);
  }
  if (!root) throw badRequest(INVALID_XML);
  return root;
}

/** The children named `name`. */
function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child) => child.name === name);
}

/** Every element at `path` ('A/B/C', local names) below `element`, in document order. */
export function all(element: XmlElement, path: string): XmlElement[] {
  let current = [element];
  for (const step of path.split('/')) current = current.flatMap((node) => childrenNamed(node, step));
  return current;
}

/** The first element at `path`, or null. */
export function first(element: XmlElement, path: string): XmlElement | null {
  return all(element, path)[0] ?? null;
}

/** The trimmed text of the first element at `path`, or null when absent or empty. */
export function textAt(element: XmlElement | null, path: string): string | null {
  if (!element) return null;
  const value = first(element, path)?.text.trim();
  return value ? value : null;
}

/** The first non-null text among `paths`. */
export function textAtAny(element: XmlElement | null, paths: readonly string[]): string | null {
  for (const path of paths) {
    const value = textAt(element, path);
    if (value !== null) return value;
  }
  return null;
}
