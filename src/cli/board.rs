//! `shogi-tool board [PATH --ply N | --sfen SFEN] [--format text|svg] [--highlight SQ...]
//! [--letters]`: a position as a KIF board diagram or an SVG picture.

use std::io::Write;

use shogi_tool::shogi::Square;
use shogi_tool::views::shown::{AnyPosition, PositionView, WithPosition};
use shogi_tool::views::{self, board_svg, board_svg::BoardPicture, board_text, PieceStyle};

use super::exit::ExitCode;
use super::position::PositionArgs;

/// Reads a square for the command line.
pub fn parse_square_arg(s: &str) -> Result<Square, String> {
    views::parse_square(s).ok_or_else(|| {
        format!("`{s}` is not a square: expected USI such as 5e, digits such as 55, or ５五")
    })
}

/// The picture formats of `board`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum BoardFormat {
    /// The KIF board diagram (BOD).
    #[value(alias = "text")]
    Human,
    /// An SVG picture.
    Svg,
}

/// Arguments of `board`.
#[derive(Debug, clap::Args)]
#[command(next_help_heading = super::help::OUTPUT)]
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Output format.
    #[arg(long, value_enum, ignore_case = true, default_value_t = BoardFormat::Human)]
    pub format: BoardFormat,
    /// Squares to highlight in the SVG picture (5e, 55 or ５五), separated by spaces or commas.
    #[arg(long, value_name = "SQ", num_args = 1.., value_delimiter = ',', value_parser = parse_square_arg)]
    pub highlight: Vec<Square>,
    /// English piece letters (K R B G S N L P, + for promoted; a variant's SFEN letters)
    /// instead of kanji.
    #[arg(long)]
    pub letters: bool,
    /// Draw the shape of an opening's or castle's definition instead of a position
    /// (`美濃囲い`; docs/openings.md lists the names).
    #[arg(long, value_name = "NAME", conflicts_with_all = ["path", "sfen", "ply"], help_heading = super::help::INPUT)]
    pub shape: Option<String>,
    /// A line above the SVG picture: the move number, the last move in Japanese notation and
    /// the players the record names (`手数＝12  △２三歩打  ▲A  △B`).
    #[arg(long, conflicts_with = "shape", help_heading = super::help::OUTPUT)]
    pub caption: bool,
}

/// The piece style the `--letters` flag asks for.
pub fn style(letters: bool) -> PieceStyle {
    if letters {
        PieceStyle::Letters
    } else {
        PieceStyle::Kanji
    }
}

/// Writes `s` to standard output.
pub fn print(s: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(s.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The exit status of a command whose record did or did not have read errors.
pub fn status(failed: bool) -> ExitCode {
    if failed {
        ExitCode::Error
    } else {
        ExitCode::Success
    }
}

/// Prints the diagram or picture.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(name) = &args.shape {
        let shapes = shogi_tool::views::shapes::shapes(name);
        let Some(shape) = shapes.first() else {
            anyhow::bail!(
                "`{name}` has no shape to draw: it is not an opening or castle the tool names, or it is defined through other names only (docs/openings.md)"
            );
        };
        let out = match args.format {
            BoardFormat::Human => board_text::diagram(&shape.position, None, style(args.letters)),
            BoardFormat::Svg => {
                shogi_tool::views::shapes::shape_svg(name, shape, style(args.letters))
            }
        };
        print(&out)?;
        return Ok(ExitCode::Success);
    }
    for (given, flag) in [
        (!args.highlight.is_empty(), "--highlight"),
        (args.caption, "--caption"),
    ] {
        if given && args.format != BoardFormat::Svg {
            eprintln!(
                "{} {flag} has no effect without --format svg",
                super::style::warning()
            );
        }
    }
    let (pos, failed, [black, white]) = args.position.load_with_players()?;
    let caption = match &pos {
        _ if !args.caption || args.format != BoardFormat::Svg => None,
        AnyPosition::Standard(located) => Some(board_svg::record_caption(
            located,
            black.as_deref(),
            white.as_deref(),
        )),
        AnyPosition::Variant { .. } => {
            eprintln!(
                "{} --caption is drawn for standard shogi only",
                super::style::warning()
            );
            None
        }
    };
    let style = style(args.letters);
    let out = match args.format {
        BoardFormat::Human => pos.diagram(style),
        BoardFormat::Svg => pos.with(Picture {
            style,
            highlight: &args.highlight,
            caption,
        })?,
    };
    print(&out)?;
    Ok(status(failed))
}

/// The SVG picture of a position of either game, the last move and `highlight` marked.
struct Picture<'a> {
    style: PieceStyle,
    highlight: &'a [Square],
    caption: Option<String>,
}

impl WithPosition for Picture<'_> {
    type Output = anyhow::Result<String>;

    fn with<P: PositionView>(self, pos: &P, last: Option<Square>) -> anyhow::Result<String> {
        super::position::on_board(pos, self.highlight)?;
        let mut picture = BoardPicture::new(pos, self.style);
        picture.last_move = last;
        picture.highlight = self.highlight.to_vec();
        picture.caption = self.caption;
        Ok(picture.to_svg())
    }
}
