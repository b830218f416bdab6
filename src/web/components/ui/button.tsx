import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

type Variant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';
type Size = 'md' | 'lg' | 'icon';

const variants: Record<Variant, string> = {
  primary:
    'bg-plum-700 text-white shadow-[0_6px_16px_-6px_rgb(107_36_88/0.6)] hover:bg-plum-800 active:bg-plum-900 disabled:opacity-50 disabled:saturate-0 disabled:shadow-none',
  secondary:
    'bg-matcha-100 text-matcha-700 hover:bg-matcha-200 active:bg-matcha-300 disabled:opacity-50 disabled:saturate-0',
  outline:
    'border border-plum-200 bg-white text-plum-800 hover:bg-plum-50 active:bg-plum-100 disabled:opacity-50 disabled:saturate-0',
  ghost: 'text-plum-800 hover:bg-plum-50 active:bg-plum-100 disabled:opacity-50 disabled:saturate-0',
  danger:
    'border border-red-200 bg-white text-red-700 hover:bg-red-50 active:bg-red-100 disabled:opacity-50 disabled:saturate-0',
};

const sizes: Record<Size, string> = {
  md: 'min-h-11 px-5 text-[0.95rem]',
  lg: 'min-h-13 px-7 text-base',
  icon: 'size-11',
};

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  block?: boolean;
}

/** Rounded, ≥44 px tall button. Defaults to type="button" so it never submits by accident. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', block = false, className, type = 'button', ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-full font-semibold tracking-[0.01em] select-none transition-[background-color,box-shadow,transform] duration-150 active:scale-[0.98] disabled:pointer-events-none',
        variants[variant],
        sizes[size],
        block && 'w-full',
        className,
      )}
      {...props}
    />
  );
});

/** Class names to style a react-router <Link> like a button. */
export function buttonClasses(variant: Variant = 'primary', size: Size = 'md', block = false): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-full font-semibold tracking-[0.01em] select-none transition-[background-color,box-shadow,transform] duration-150 active:scale-[0.98]',
    variants[variant],
    sizes[size],
    block && 'w-full',
  );
}
