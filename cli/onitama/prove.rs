//! `tabula onitama prove` (below).

use clap::Args;

use crate::common::CliError;

/// Arguments of `tabula onitama prove`.
#[derive(Args, Debug)]
pub struct ProveArgs {}

pub fn prove(_a: ProveArgs) -> Result<(), CliError> {
    Err(CliError("not yet".into()))
}
