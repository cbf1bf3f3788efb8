//! The protocol server builds what the game's evaluation builds on first use before it reads a
//! command, so that no move under a clock pays for it: Senet's endgame table (its own test
//! binary, as the table is built once per process and any other test could build it first).

use tabula::agent::parse_spec;
use tabula::games::senet::endgame::table_is_built;
use tabula::games::senet::Senet;
use tabula::protocol::Server;
use tabula::GameOptions;

#[test]
fn the_senet_server_builds_its_endgame_table_before_the_first_command() {
    assert!(!table_is_built(), "nothing has searched yet");
    let mut server =
        Server::<Senet>::new(&parse_spec("alphabeta").unwrap(), GameOptions::new()).unwrap();
    assert!(
        !table_is_built(),
        "a server that has not started builds nothing"
    );
    server.run(std::io::Cursor::new(""), Vec::new()).unwrap();
    assert!(table_is_built());
}
