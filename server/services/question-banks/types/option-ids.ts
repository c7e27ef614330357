/** Ids of Zalik's own for what a bank lists by position: options `a`…`t`, prompts `p1`…`p20`. */
import type { BankOption } from '../bank.ts';
import type { BankReading, DraftOption } from './bank-type.ts';

export const OPTION_IDS = 'abcdefghijklmnopqrst';

export const optionId = (at: number) => OPTION_IDS[at] as string;
export const promptId = (at: number) => `p${at + 1}`;

/** A bank's options as a draft's, with ids made by `id`. */
export function draftOptions(options: readonly BankOption[], read: BankReading, id = optionId): DraftOption[] {
  return options.map((option, at) => ({ id: id(at), text: read.text(option.text), ...read.image(option.image) }));
}
