<?php

namespace Shop;

class Broken
{
    public function ok(): int
    {
        return 1;
    }

    public function bad(
    {
        return
    }
}
