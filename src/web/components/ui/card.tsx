import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('rounded-(--radius-card) border border-plum-100/70 bg-white p-5 shadow-card', className)}
      {...props}
    />
  );
}
