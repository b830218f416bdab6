import { useEffect, useRef } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { MAX_PROMPT_ANSWERS, PROMPT_ANSWER_MAX_LENGTH, PROMPTS } from '../../../contract/prompts';
import { Button } from '../../components/ui/button';
import { FIELD_ERROR_CLASS, Field, NativeSelect, Textarea, describedBy } from '../../components/ui/field';
import { useLingui } from '@lingui/react/macro';
import { promptText } from '../../lib/labels/prompts';

const ADD_PROMPT_ID = 'edit-prompt-add';

export interface PromptDraft {
  promptId: string;
  answer: string;
}

/**
 * Up to three prompts with her answers, in the order shown on her profile. A prompt already answered is
 * not offered again; `errors` are the server's, by row (`prompts.1.answer`) or for the list.
 */
export function PromptsEditor({
  value,
  onChange,
  errors,
}: {
  value: readonly PromptDraft[];
  onChange: (next: PromptDraft[]) => void;
  errors: Partial<Record<string, string>>;
}) {
  const { t } = useLingui();
  const used = new Set(value.map((p) => p.promptId));
  const update = (index: number, change: Partial<PromptDraft>) =>
    onChange(value.map((draft, i) => (i === index ? { ...draft, ...change } : draft)));
  const firstFree = PROMPTS.find((p) => !used.has(p.id))?.id ?? PROMPTS[0].id;
  // Where focus goes once the list has changed: the new prompt's question after Add, the prompt that took the
  // removed one's place (else the one before, else Add) after Remove. Left alone, focus would stay on a button
  // that moved under the save bar, or fall back to the top of the page.
  const focusNext = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = undefined;
  });
  const add = () => {
    onChange([...value, { promptId: firstFree, answer: '' }]);
    focusNext.current = `edit-prompt-${value.length}`;
  };
  const remove = (index: number) => {
    onChange(value.filter((_, i) => i !== index));
    const left = value.length - 1;
    focusNext.current = left === 0 ? ADD_PROMPT_ID : `edit-prompt-${Math.min(index, left - 1)}`;
  };

  return (
    <div className="grid gap-4">
      {value.map((draft, index) => {
        const selectId = `edit-prompt-${index}`;
        const answerId = `edit-prompt-${index}-answer`;
        const answerError = errors[`prompts.${index}.answer`];
        const promptError = errors[`prompts.${index}.promptId`];
        const number = index + 1;
        return (
          <fieldset key={index} className="grid gap-3 rounded-2xl border border-plum-100 p-3">
            <legend className="px-1 text-xs font-bold tracking-wider text-ink-soft uppercase">
              {t`Prompt ${number}`}
            </legend>
            <Field id={selectId} label={t`Question`} error={promptError}>
              <NativeSelect
                id={selectId}
                value={draft.promptId}
                onChange={(e) => update(index, { promptId: e.target.value })}
                {...describedBy(selectId, { error: promptError })}
              >
                {PROMPTS.filter((p) => p.id === draft.promptId || !used.has(p.id)).map((p) => (
                  <option key={p.id} value={p.id}>
                    {promptText(p.id)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field
              id={answerId}
              label={t`Your answer`}
              error={answerError}
              hint={`${draft.answer.length}/${PROMPT_ANSWER_MAX_LENGTH}`}
            >
              <Textarea
                id={answerId}
                rows={2}
                maxLength={PROMPT_ANSWER_MAX_LENGTH}
                value={draft.answer}
                onChange={(e) => update(index, { answer: e.target.value })}
                {...describedBy(answerId, { error: answerError, hint: true })}
              />
            </Field>
            <Button variant="ghost" className="justify-self-start" onClick={() => remove(index)}>
              <Trash2 className="size-4" aria-hidden />
              {t`Remove prompt ${number}`}
            </Button>
          </fieldset>
        );
      })}
      {errors.prompts && (
        <p role="alert" data-field-error className={FIELD_ERROR_CLASS}>
          {errors.prompts}
        </p>
      )}
      {value.length < MAX_PROMPT_ANSWERS && (
        <Button id={ADD_PROMPT_ID} variant="outline" onClick={add}>
          <Plus className="size-4" aria-hidden />
          {value.length === 0 ? t`Add a prompt` : t`Add another prompt`}
        </Button>
      )}
    </div>
  );
}
