<?php
namespace App\Models;

class Point
{
    public function __construct(public float $x = 0.0, public float $y = 0.0)
    {
    }

    public function dist(Point $other): float
    {
        return $other->x - $this->x;
    }

    public static function zero(): Point
    {
        return new Point();
    }
}
