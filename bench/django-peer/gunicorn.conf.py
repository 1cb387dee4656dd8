"""
gunicorn's configuration for the Django REST peer (the bench passes --bind).

Chosen by measuring seven configurations once, interleaved in rounds, on the 2-core machine with the load
generator on the same cores (autocannon, 50 connections, `/api/cards/?page=1` on PostgreSQL; 2026-11-25
02:02 UTC, 4 rounds of 4 s, load average 15-19 from other sessions, so only the ranking holds):

    sync, 2 workers                129 req/s, p99 1.7-2.5 s, 876 connection errors
    sync, 3 workers                112 req/s, p99 2.1-2.2 s, 341 connection errors
    sync, 5 workers                101 req/s, p99 2.1-2.4 s, 152 connection errors
    gthread, 2 workers x 4 threads 281 req/s, p99 0.6-1.1 s, no errors
    gthread, 2 workers x 8 threads 283 req/s, p99 0.5-1.5 s, no errors
    gthread, 3 workers x 4 threads 205 req/s, p99 0.5-2.3 s, no errors
    gthread, 4 workers x 2 threads 174 req/s, p99 0.6-3.2 s, no errors

Sync workers answer one request per connection and close it (no keep-alive), so 50 clients keep
reconnecting and queue behind two to five processes; gthread keeps connections alive and lets a worker
take the next request while another waits on PostgreSQL. More processes than cores only add context
switches on two cores the load generator also needs. Two workers of four threads: the best, with eight
threads no faster.
"""

worker_class = 'gthread'
workers = 2
threads = 4
loglevel = 'warning'
