//! `tabula ugi`: serves a bot over the engine protocol on stdin and stdout (`docs/protocol.md`).

use clap::Args;
use tabula::agent;
use tabula::games::GameKind;
use tabula::protocol::Server;
use tabula::with_game;

use crate::common::{CliError, OptionArgs};

/// Arguments of `tabula ugi`.
#[derive(Args, Debug)]
pub struct UgiArgs {
    /// The game: onitama, checkers, senet, bigbang or amidakuji.
    pub game: String,
    /// The bot: `default` (alpha-beta with two players, max^n with three or more: the bot of
    /// `tabula best`), `alphabeta`, `maxn`, `mcts`, `greedy`, `random`, or a full spec such as
    /// `alphabeta:depth=6` (a limit in the spec caps every search).
    #[arg(long, default_value = "default", value_name = "SPEC")]
    pub engine: String,
    #[command(flatten)]
    pub options: OptionArgs,
}

pub fn ugi(args: UgiArgs) -> Result<(), CliError> {
    let kind = GameKind::from_name(&args.game)?;
    let spec = agent::parse_spec(&args.engine)?;
    let options = args.options.to_options()?;
    with_game!(kind, G => {
        let mut server = Server::<G>::new(&spec, options)?;
        server.run(std::io::stdin().lock(), std::io::stdout())?;
    });
    Ok(())
}
