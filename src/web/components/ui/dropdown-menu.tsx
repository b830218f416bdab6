import type { ComponentProps } from 'react';
import { DropdownMenu as RadixDropdownMenu } from 'radix-ui';
import { useBackClosingOpenState } from '../../lib/overlay-history';

/*
 * Radix's DropdownMenu with Back closing an open menu (lib/overlay-history.ts), as it closes a sheet or dialog
 * (ui/dialog.tsx): on a phone, Back on an open ⋮ menu closes the menu, not the screen under it. Screens import
 * `DropdownMenu` from here instead of from radix-ui.
 */

function MenuRoot(props: ComponentProps<typeof RadixDropdownMenu.Root>) {
  return <RadixDropdownMenu.Root {...props} {...useBackClosingOpenState(props)} />;
}

export const DropdownMenu = { ...RadixDropdownMenu, Root: MenuRoot };
