<?php

namespace Shop\Support;

const VERSION = '1.0';

define('SHOP_DEBUG', false);

/** The current time. */
function now(): \DateTimeImmutable
{
    return new \DateTimeImmutable();
}

function slug(string $text, string $glue = '-'): string
{
    return strtolower(trim($text)) . $glue . VERSION;
}
