import { expect, type Locator, type Page } from '@playwright/test';
import type { DemoLesson, Plan } from './lesson-key.ts';

/** Answers one question of the plan in the running test, right or wrong as planned. */
export async function answer(page: Page, { question, right }: Plan) {
  const field: Locator = page.getByRole('group', { name: question.text.en, exact: true });
  await expect(field).toBeVisible();
  switch (question.type) {
    case 'single': {
      const correct = question.options.find((o) => o.id === question.correct);
      const wrong = question.options.find((o) => o.id !== question.correct);
      await field.getByRole('radio', { name: (right ? correct : wrong)?.text.en, exact: true }).check();
      break;
    }
    case 'multiple': {
      // A wrong answer ticks only one of the right options: incomplete counts as wrong.
      const ticks = right ? question.correct : question.correct.slice(0, 1);
      for (const id of ticks) {
        const option = question.options.find((o) => o.id === id);
        await field.getByRole('checkbox', { name: option?.text.en, exact: true }).check();
      }
      break;
    }
    case 'text': {
      const input = field.getByRole('textbox');
      await input.fill(right ? (question.accepted.en[0] ?? '') : 'certainly not this');
      await input.press('Enter');
      break;
    }
    case 'number': {
      const input = field.getByRole('textbox');
      await input.fill(String(right ? question.correct : question.correct + 1000));
      await input.press('Enter');
      break;
    }
  }
}

/** Answers the whole plan, block by block, opening each block after the first from its tab. */
export async function answerEveryBlock(page: Page, lesson: DemoLesson, plan: Plan[]) {
  for (const [index, block] of lesson.blocks.entries()) {
    if (index > 0)
      await page
        .getByRole('button', { name: new RegExp(block.title.en) })
        .first()
        .click();
    for (const step of plan.filter((p) => block.questions.includes(p.question))) await answer(page, step);
  }
}

/** Finishes the test and confirms the test-finished notice (380 px), which leads to the results. */
export async function finishAndSeeResults(page: Page) {
  await page.getByRole('button', { name: 'Finish test' }).click();
  await page.getByRole('button', { name: 'Yes, finish' }).click();
  await page.getByRole('dialog', { name: 'Test finished' }).getByRole('button', { name: 'See results' }).click();
}
