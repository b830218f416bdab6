import type { PromptAnswerView } from '../../contract/prompts';
import { useLingui } from '@lingui/react/macro';
import { cn } from '../lib/cn';
import { LikeItemButton } from './like-item-button';
import { promptText } from '../lib/labels/prompts';

/**
 * Her prompt answers as she and others read them: the question small, her answer large. With
 * `onLikePrompt`, each answer gets a "Like this prompt" heart.
 */
export function PromptAnswers({
  prompts,
  className,
  onLikePrompt,
}: {
  prompts: readonly PromptAnswerView[];
  className?: string;
  onLikePrompt?: ((prompt: PromptAnswerView) => void) | undefined;
}) {
  const { t } = useLingui();
  return (
    <ul aria-label={t`Prompts`} className={cn('grid gap-2.5', className)}>
      {prompts.map((prompt) => (
        <li
          key={prompt.promptId}
          className="flex items-start gap-2 rounded-2xl bg-plum-50 px-4 py-3 ring-1 ring-plum-100"
        >
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold text-plum-700">{promptText(prompt.promptId, prompt.question)}</p>
            <p className="mt-1 font-display text-lg leading-snug wrap-anywhere text-plum-900">{prompt.answer}</p>
          </div>
          {onLikePrompt && (
            <LikeItemButton label={t`Like this prompt`} onClick={() => onLikePrompt(prompt)} className="-mr-1" />
          )}
        </li>
      ))}
    </ul>
  );
}
