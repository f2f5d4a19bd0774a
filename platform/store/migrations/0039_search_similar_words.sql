-- The realm's words within typing distance of a term (`word %> term`: trigram word similarity
-- of at least pg_trgm.word_similarity_threshold), the most similar first, at most `most`.
-- Sequential scans are ruled out for this look-up alone: the planner counts a trigram test as
-- cheap as comparing two integers and would test every word of the realm (three times slower
-- at 1,200 words, and worse as they grow) rather than ask the trigram index. A function with
-- settings of its own is never inlined, so the setting holds for its statement only.
CREATE OR REPLACE FUNCTION search_similar_words(realm text, term text, most integer)
RETURNS TABLE (word text, similarity integer)
LANGUAGE sql STABLE PARALLEL SAFE
SET enable_seqscan = off
AS $$
  SELECT w.word, (word_similarity($2, w.word) * 100)::int AS similarity
  FROM search_words w
  WHERE w.realm = $1 AND w.word %> $2
  ORDER BY similarity DESC, w.word
  LIMIT $3
$$;
