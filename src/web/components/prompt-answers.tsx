import type { PromptAnswerView } from '../../contract/prompts';
import { cn } from '../lib/cn';

/** Her prompt answers as she and others read them: the question small, her answer large. */
export function PromptAnswers({ prompts, className }: { prompts: readonly PromptAnswerView[]; className?: string }) {
  return (
    <ul aria-label="Prompts" className={cn('grid gap-2.5', className)}>
      {prompts.map((prompt) => (
        <li key={prompt.promptId} className="rounded-2xl bg-plum-50 px-4 py-3 ring-1 ring-plum-100">
          <p className="text-xs font-semibold text-plum-700">{prompt.question}</p>
          <p className="mt-1 font-display text-lg leading-snug break-words text-plum-900">{prompt.answer}</p>
        </li>
      ))}
    </ul>
  );
}
