-- One mail's life in the queue (server/mail/queue.ts): queued, taken by the worker (one take serves up to 20
-- messages, so it runs on one transaction in 20 here), deleted once sent. Variables (-D): none.
\set b random(1, 100)
\set take random(1, 20)
INSERT INTO mail_queue (to_address, subject, text, html)
  SELECT 'someone@example.test', 'Your order', text, html FROM bench_mail_bodies WHERE id = :b
  RETURNING id \gset
\if :take = 1
UPDATE mail_queue SET locked_until = now() + make_interval(secs => 120), attempts = attempts + 1
  WHERE id IN (SELECT id FROM mail_queue
               WHERE failed_at IS NULL AND next_attempt_at <= now()
                 AND (locked_until IS NULL OR locked_until < now())
               ORDER BY next_attempt_at, id LIMIT 20 FOR UPDATE SKIP LOCKED)
  RETURNING *;
\endif
DELETE FROM mail_queue WHERE id = :id;
