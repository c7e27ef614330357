/**
 * A question bank as every reader (Moodle XML, GIFT, Aiken, QTI, spreadsheets) gives it, before it
 * becomes a draft (bank-draft.ts): questions in categories, in one language, with what could not be
 * taken listed apart (never dropped silently) and remarks on what was changed on the way in.
 */
import { type MessageKey, type Phrase, phrase } from '../../i18n/messages.ts';

export interface BankImage {
  /** The name the file gives it (`apple.png`), for the report. */
  name: string;
  /** Its bytes, or null when the file refers to a picture it does not hold. */
  bytes: Uint8Array | null;
  alt: string;
}

export interface BankOption {
  text: string;
  image?: BankImage;
}

export type BankAnswer =
  | { type: 'single'; options: BankOption[]; correct: number[] }
  | { type: 'multiple'; options: BankOption[]; correct: number[] }
  | { type: 'text'; accepted: string[] }
  | { type: 'number'; correct: number; tolerance: number }
  /** The prompts, the answers (distractors among them), and each prompt's answer by its position. */
  | { type: 'matching'; prompts: BankOption[]; options: BankOption[]; correct: number[] }
  /** The items in their right order, and how an order is marked. */
  | { type: 'ordering'; options: BankOption[]; marking: 'all' | 'position' | 'next' }
  /** A passage whose `[[g1]]`… markers are its gaps, in order. */
  | { type: 'gaps'; passage: string; gaps: BankGap[] }
  /** A written answer marked by hand, with its word limits where the file gives them. */
  | { type: 'essay'; minWords?: number; maxWords?: number };

/**
 * A gap as readers give it: a typed text (and whether case counts), a number, or a drop-down; its
 * `weight` among the question's gaps where the file weighs them unequally (none: 1).
 */
export type BankGap = (
  | { kind: 'text'; accepted: string[]; caseSensitive: boolean }
  | { kind: 'number'; correct: number; tolerance: number }
  | { kind: 'choice'; options: BankOption[]; correct: number }
) & { weight?: number };

export interface BankQuestion {
  /** Where it stands in its file: `line 12`, `question 4`, `item q7`. */
  where: string;
  /** Its title in the file, or the start of its text. */
  name: string;
  text: string;
  image?: BankImage;
  points: number;
  explanation?: string;
  answer: BankAnswer;
}

export interface BankRemark {
  where: string;
  name: string;
  said: Phrase;
}

export interface Bank {
  /** The file's format, as the report names it. */
  format: BankFormat;
  /** `draw`: the file asks each taker only so many of the category's questions (a QTI section's selection). */
  categories: { name: string; questions: BankQuestion[]; draw?: number }[];
  /** Questions of a kind Zalik has no type for, or that could not be read. */
  skipped: BankRemark[];
  /** What was changed to fit (a text shortened, a weight read as correct). */
  notes: BankRemark[];
}

export type BankFormat = 'zalik' | 'moodle-xml' | 'gift' | 'aiken' | 'qti' | 'csv' | 'xlsx';

/** A bank being read: the category questions go into, and the report's lines. */
export class BankBuilder {
  readonly bank: Bank;
  private current: Bank['categories'][number] | null = null;

  constructor(format: BankFormat) {
    this.bank = { format, categories: [], skipped: [], notes: [] };
  }

  /** Questions from now on go into this category (an empty name: the file's own, unnamed). */
  category(name: string): void {
    const found = this.bank.categories.find((c) => c.name === name);
    this.current = found ?? { name, questions: [] };
    if (!found) this.bank.categories.push(this.current);
  }

  /** The current category is a pool: each taker is asked `count` of its questions. */
  draw(count: number): void {
    if (!this.current) this.category('');
    if (this.current) this.current.draw = count;
  }

  add(question: BankQuestion): void {
    if (!this.current) this.category('');
    this.current?.questions.push(question);
  }

  skip(where: string, name: string, key: MessageKey, values?: Record<string, string | number>): void {
    this.bank.skipped.push({ where, name, said: phrase(key, values) });
  }

  note(where: string, name: string, key: MessageKey, values?: Record<string, string | number>): void {
    this.bank.notes.push({ where, name, said: phrase(key, values) });
  }
}

/** A question's name for the report: its title, else the start of its text on one line. */
export function nameOf(title: string | undefined, text: string): string {
  const name = (title?.trim() || text).replace(/\s+/g, ' ').trim();
  return name.length > 60 ? `${name.slice(0, 59)}…` : name;
}

/** Points as a file writes them (`1.0000000`, `2`), or 1 when it writes none. */
export function pointsOf(written: string | undefined | null): number {
  const value = Number(written);
  return written && Number.isFinite(value) && value > 0 ? value : 1;
}
