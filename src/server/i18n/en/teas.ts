/** teas: the server's words in English (../en.ts). */
export const teas = {
  reviewNotFound: 'Review not found',
  youCantLikeYour: "You can't like your own review",
};
