-- An uncached catalogue read: GET /api/cards/?page=n's one query (server/modules/catalog/service.ts
-- cardPage: the page's rows with the total riding along), for the database's share of a read.
-- Variables (-D): pages.
\set page random(1, :pages)
SELECT cards.*, count(*) OVER () AS total FROM cards WHERE active = true
  ORDER BY created_at DESC, id DESC LIMIT 8 OFFSET (:page - 1) * 8;
