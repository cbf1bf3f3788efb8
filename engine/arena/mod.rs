//! Bot-vs-bot tournaments and their statistics.
