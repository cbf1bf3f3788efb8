//! `tabula onitama deals` (below).

use clap::Args;

use crate::common::CliError;

/// Arguments of `tabula onitama deals`.
#[derive(Args, Debug)]
pub struct DealsArgs {}

pub fn deals(_a: DealsArgs) -> Result<(), CliError> {
    Err(CliError("not yet".into()))
}
