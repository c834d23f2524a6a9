-- Idempotency keys keep their answers sealed from now on (plugins/app/idempotency.ts): the answers
-- stored before were in clear (session tokens of sign-ins, ID numbers of application steps) and
-- their request hashes were unkeyed. They are dropped, finished ones and claims alike: a retry of a
-- request made before the upgrade runs as a new request (use cases that create something find the
-- effect by its effect id; a sign-in retried with a spent code asks for a new one).
DELETE FROM "idempotency_keys";
