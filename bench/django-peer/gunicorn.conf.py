"""
gunicorn's configuration for the Django REST peer (the bench passes --bind).

Chosen by measuring seven configurations, interleaved in rounds, three times on the 2-core machine with the
load generator on the same cores (autocannon, 50 connections, `/api/cards/?page=1` on PostgreSQL; 2026-11-25
01:55-02:19 UTC, rounds of 3-8 s, load average 8-19 from other sessions, so only the ranking holds). Req/s
in each sitting:

    sync, 2 workers                318 / 129 /  71, p99 about 2 s, hundreds of connection errors
    sync, 3 workers                227 / 112 /  90, p99 about 2 s, hundreds of connection errors
    sync, 5 workers                100 / 101 /  84, p99 about 2 s, about a hundred connection errors
    gthread, 2 workers x 4 threads 249 / 281 / 187, p99 0.6-1.2 s, no errors
    gthread, 2 workers x 8 threads 290 / 283 / 254, p99 0.5-1.5 s, no errors
    gthread, 3 workers x 4 threads 149 / 205 / 237, p99 0.6-2.3 s, no errors
    gthread, 4 workers x 2 threads 216 / 174 / 159, p99 0.6-3.2 s, no errors

(The first sitting measured one 8 s run each, with 5 workers x 2 threads in place of 4 x 2.) Sync workers
answer one request per connection and close it (no keep-alive), so 50 clients keep reconnecting and queue
behind a few processes; gthread keeps connections alive and lets a worker take the next request while a
thread waits on PostgreSQL. More processes than cores only add context switches on two cores the load
generator also needs. Two workers of eight threads were the fastest or level in every sitting.
"""

worker_class = 'gthread'
workers = 2
threads = 8
loglevel = 'warning'
