//! amidakuji (being built).
