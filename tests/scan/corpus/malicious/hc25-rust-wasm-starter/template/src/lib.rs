use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
pub fn start() {
    #[cfg(feature = "console_error_panic_hook")]
    console_error_panic_hook::set_once();
}

/// Adler-32 checksum of a byte slice (example export).
#[wasm_bindgen]
pub fn checksum(data: &[u8]) -> u32 {
    const MOD: u32 = 65_521;
    let (mut a, mut b) = (1u32, 0u32);
    for chunk in data.chunks(5552) {
        for &x in chunk {
            a += x as u32;
            b += a;
        }
        a %= MOD;
        b %= MOD;
    }
    (b << 16) | a
}

#[wasm_bindgen]
pub fn version() -> String {
    format!("{} ({})", env!("GIT_DESCRIBE"), env!("RUSTC_VERSION"))
}
