import { labelById } from './label-by-id';

/*
 * The badges' names, by badge id, read in her language: Discover's cards show them. Their descriptions
 * and rules, which only the reveal card and the achievements show, are in ./badge-details.ts (not on /home's first
 * paint).
 */

export const badgeMessageId = (id: string): string => `badge.${id}`;

/** A badge's name in her language (every catalogue has every badge's name); an unknown id reads as itself. */
export const badgeName = (id: string): string => labelById(badgeMessageId(id), id);
