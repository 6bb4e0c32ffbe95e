#![forbid(unsafe_code)]

const VERSION_INFO: &str = concat!(
    env!("CARGO_PKG_NAME"), " ", env!("CARGO_PKG_VERSION"),
    " (", env!("BUILD_GIT_HASH"), ", ", env!("BUILD_TARGET"), ", rustc ", env!("BUILD_RUSTC"), ")"
);

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--version" || a == "-V") {
        println!("{VERSION_INFO}");
        return;
    }
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("usage: __CRATE__ [--version]");
        return;
    }
    println!("hello from __CRATE__");
}
