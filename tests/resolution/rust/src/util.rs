pub fn name() -> &'static str {
    "util"
}
