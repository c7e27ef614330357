import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { LESSON_LIMITS } from '../../../../contract/content.ts';
import type { TestDraft } from '../../../../contract/tutor-tests.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { useConfirm } from '../../../shared/forms/use-confirm.tsx';
import { MoveButtons } from '../../../shared/ui/reorder/MoveButtons.tsx';
import { ReorderItem } from '../../../shared/ui/reorder/ReorderItem.tsx';
import { moved, newBlock, newQuestion, type QuestionKind, updateBlock, updateQuestion } from './draft-edits.ts';
import { fieldId, focusField } from './field-id.ts';
import { LanguageTexts } from './LanguageTexts.tsx';
import { PoolSettings } from './PoolSettings.tsx';
import { QuestionEditor } from './QuestionEditor.tsx';
import { QuestionKindOptions } from './QuestionKindOptions.tsx';

interface BlocksEditorProps {
  draft: TestDraft;
  onChange: (draft: TestDraft) => void;
  announce: (text: string) => void;
}

/** The test's titled blocks in order, each with its questions in order. */
export function BlocksEditor({ draft, onChange, announce }: BlocksEditorProps) {
  const { t } = useLingui();
  const { confirm, dialog } = useConfirm();
  const languages = draft.languages as Locale[];
  const questionCount = draft.blocks.reduce((sum, b) => sum + b.questions.length, 0);
  const canAddQuestion = questionCount < LESSON_LIMITS.questions;
  return (
    <section className="editor-section" aria-labelledby="blocks-title" id={fieldId('blocks')} tabIndex={-1}>
      <h2 id="blocks-title">{t`Blocks and questions`}</h2>
      {dialog}
      {draft.blocks.map((block, bi) => {
        const blockName = t`Block ${bi + 1}`;
        return (
          <ReorderItem
            as="section"
            key={block.id}
            className="block-editor"
            labelledBy={`block-${block.id}`}
            list="blocks"
            index={bi}
            onMove={(from, to) => {
              onChange({ ...draft, blocks: moved(draft.blocks, from, to) });
              const position = to + 1;
              const count = draft.blocks.length;
              const dragged = t`Block ${from + 1}`;
              announce(t`${dragged} moved to position ${position} of ${count}`);
            }}
          >
            <div className="block-editor__head">
              <h3 id={`block-${block.id}`}>{blockName}</h3>
              <MoveButtons
                list="blocks"
                name={blockName}
                itemKey={`block.${block.id}`}
                index={bi}
                count={draft.blocks.length}
                announce={announce}
                onMove={(from, to) => onChange({ ...draft, blocks: moved(draft.blocks, from, to) })}
                onRemove={
                  draft.blocks.length > 1
                    ? async () => {
                        const name = blockName;
                        const sure = await confirm({
                          title: t`Remove ${blockName} with all its questions?`,
                          confirmLabel: t`Remove ${name}`,
                        });
                        if (!sure) return;
                        onChange({ ...draft, blocks: draft.blocks.filter((b) => b.id !== block.id) });
                        announce(t`${blockName} removed`);
                      }
                    : undefined
                }
              />
            </div>
            <LanguageTexts
              label={t`Block title`}
              path={`blocks.${bi}.title`}
              value={block.title}
              languages={languages}
              onChange={(title) => onChange(updateBlock(draft, bi, (b) => ({ ...b, title })))}
            />
            <ol className="question-list" id={fieldId(`blocks.${bi}.questions`)} tabIndex={-1}>
              {block.questions.map((question, qi) => {
                const questionName = t`Question ${qi + 1} of block ${bi + 1}`;
                return (
                  <ReorderItem
                    as="li"
                    key={question.id}
                    className="question-list__item"
                    list={`blocks.${block.id}.questions`}
                    index={qi}
                    onMove={(from, to) => {
                      onChange(updateBlock(draft, bi, (b) => ({ ...b, questions: moved(b.questions, from, to) })));
                      const position = to + 1;
                      const count = block.questions.length;
                      const dragged = t`Question ${from + 1} of block ${bi + 1}`;
                      announce(t`${dragged} moved to position ${position} of ${count}`);
                    }}
                  >
                    <div className="question-list__head">
                      <h4>{questionName}</h4>
                      <MoveButtons
                        list={`blocks.${block.id}.questions`}
                        name={questionName}
                        itemKey={`question.${question.id}`}
                        index={qi}
                        count={block.questions.length}
                        announce={announce}
                        onMove={(from, to) =>
                          onChange(updateBlock(draft, bi, (b) => ({ ...b, questions: moved(b.questions, from, to) })))
                        }
                        onRemove={() => {
                          onChange(
                            updateBlock(draft, bi, (b) => ({
                              ...b,
                              questions: b.questions.filter((q) => q.id !== question.id),
                            })),
                          );
                          announce(t`${questionName} removed`);
                        }}
                      />
                    </div>
                    <QuestionEditor
                      draft={draft}
                      question={question}
                      path={`blocks.${bi}.questions.${qi}`}
                      name={questionName}
                      announce={announce}
                      onChange={(changed) => onChange(updateQuestion(draft, bi, qi, () => changed))}
                    />
                  </ReorderItem>
                );
              })}
            </ol>
            {canAddQuestion && (
              <AddQuestion
                blockName={blockName}
                onAdd={(type) => {
                  onChange(
                    updateBlock(draft, bi, (b) => ({ ...b, questions: [...b.questions, newQuestion(draft, type)] })),
                  );
                  focusField(`blocks.${bi}.questions.${block.questions.length}.text.${languages[0]}`);
                }}
              />
            )}
            <PoolSettings
              block={block}
              path={`blocks.${bi}`}
              blockName={blockName}
              onChange={(changed) => onChange(updateBlock(draft, bi, () => changed))}
            />
          </ReorderItem>
        );
      })}
      {draft.blocks.length < LESSON_LIMITS.blocks && canAddQuestion && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            onChange({ ...draft, blocks: [...draft.blocks, newBlock(draft)] });
            focusField(`blocks.${draft.blocks.length}.title.${languages[0]}`);
          }}
        >
          {t`Add a block`}
        </button>
      )}
    </section>
  );
}

function AddQuestion({ blockName, onAdd }: { blockName: string; onAdd: (type: QuestionKind) => void }) {
  const { t } = useLingui();
  const id = useId();
  const [type, setType] = useState<QuestionKind>('single');
  return (
    <div className="editor-row">
      <label htmlFor={id}>{t`New question in ${blockName}`}</label>
      <select id={id} value={type} onChange={(event) => setType(event.currentTarget.value as QuestionKind)}>
        <QuestionKindOptions />
      </select>
      <button type="button" className="button button--secondary" onClick={() => onAdd(type)}>
        {t`Add the question`}
      </button>
    </div>
  );
}
