//! Unit tests of the checker: the IR it produces for representative pieces.

use super::check_source;
