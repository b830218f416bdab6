-- Applied at every boot after the migrations (db/repeatable.ts), under the same lock: this file is the
-- one definition; migration 0016 only created the first version.
-- One swipe in one round trip (matches/swipes.ts, createSwipe, decides everything else). The caller
-- passes what it read with core's rules (is the target reachable, may this like make a match, her
-- caps); this function does what must happen in order, each statement with a fresh snapshot, which a
-- single SQL statement cannot give:
-- 1. her user row locked (FOR NO KEY UPDATE) serialises her own swipes, so the count after it sees
--    every swipe of hers that committed before and two likes at once cannot both pass the cap;
-- 2. for a like, the pair's advisory lock (the same key undoSwipe takes) serialises everything that
--    can make or unmake the pair's match, so two people liking each other at the same instant make
--    exactly one match: the second to get the lock sees the first one's committed like.
-- outcome: 'no_user' | 'unavailable' | 'bad_item' | 'limit' | 'conflict' | 'recorded'; usage is counted
-- before this swipe. A like of one photo or prompt (p_liked_photo / p_liked_prompt, p_item_ok saying the
-- caller found it hers) is checked only once the target is known to be within reach, so a blocked or
-- hidden member answers exactly as before. p_mode is the deck ('dating' | 'friends'): a like only makes a
-- match with a like back in the same deck; the budget counts both decks' likes (one daily budget).
-- The signature before liked items and Friends mode (migration 0027) is dropped so a call never picks it.
DROP FUNCTION IF EXISTS record_swipe(
  uuid, uuid, boolean, boolean, boolean, boolean, integer, integer, timestamptz, timestamptz, integer
);
CREATE OR REPLACE FUNCTION record_swipe(
  p_user uuid,
  p_target uuid,
  p_is_like boolean,
  p_super_like boolean,
  p_reachable boolean,
  p_may_match boolean,
  p_like_cap integer,
  p_super_like_cap integer,
  p_day_start timestamptz,
  p_window_start timestamptz,
  p_pair_lock integer,
  p_item_ok boolean,
  p_liked_photo uuid,
  p_liked_prompt text,
  p_comment text,
  p_mode text
)
RETURNS TABLE (
  outcome text,
  likes_today integer,
  super_likes integer,
  oldest_super_like_at timestamptz,
  swipe_id uuid,
  swipe_created_at timestamptz,
  match_id uuid,
  match_created_at timestamptz
)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
  PERFORM 1 FROM users WHERE id = p_user FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    outcome := 'no_user';
    RETURN NEXT;
    RETURN;
  END IF;
  IF NOT p_reachable THEN
    outcome := 'unavailable';
    RETURN NEXT;
    RETURN;
  END IF;
  IF NOT p_item_ok THEN
    outcome := 'bad_item';
    RETURN NEXT;
    RETURN;
  END IF;

  SELECT u.likes_today, u.super_likes, u.oldest_super_like_at
    INTO likes_today, super_likes, oldest_super_like_at
    FROM swipe_usage(p_user, p_day_start, p_window_start) u;
  IF likes_today >= p_like_cap OR super_likes >= p_super_like_cap THEN
    outcome := 'limit';
    RETURN NEXT;
    RETURN;
  END IF;

  IF p_is_like THEN
    PERFORM pg_advisory_xact_lock(
      p_pair_lock,
      hashtext(least(p_user, p_target)::text || ':' || greatest(p_user, p_target)::text)
    );
  END IF;
  INSERT INTO swipes (user_id, target_user_id, is_like, is_super_like, liked_photo_id, liked_prompt_id, comment, mode)
    VALUES (p_user, p_target, p_is_like, p_super_like, p_liked_photo, p_liked_prompt, p_comment, p_mode)
    ON CONFLICT DO NOTHING
    RETURNING id, created_at INTO swipe_id, swipe_created_at;
  IF swipe_id IS NULL THEN
    outcome := 'conflict';
    RETURN NEXT;
    RETURN;
  END IF;

  outcome := 'recorded';
  IF p_is_like AND p_may_match THEN
    INSERT INTO matches (user_a, user_b, mode)
      SELECT least(p_user, p_target), greatest(p_user, p_target), p_mode
      WHERE EXISTS (
        SELECT 1 FROM swipes WHERE user_id = p_target AND target_user_id = p_user AND is_like AND mode = p_mode
      )
      ON CONFLICT DO NOTHING
      RETURNING id, created_at INTO match_id, match_created_at;
  END IF;
  RETURN NEXT;
END
$$;
