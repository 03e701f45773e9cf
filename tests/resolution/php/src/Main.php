<?php
namespace App;

use App\Models\Circle;
use App\Models\Shape;
use App\Models\Point as P;
use App\Util\Logger;
use App\Other\Logger as OtherLogger;
use App\Missing\Widget;
//      ^ unresolved: App.Missing.Widget from -
use GuzzleHttp\Client;
//             ^ unresolved: GuzzleHttp.Client from GuzzleHttp.Client
use function App\Util\format_num;

class Main
{
    private Logger $logger;
    //      ^ defined: src/Util/Logger.php:4
    private ?Circle $cached = null;
    //       ^ defined: src/Models/Circle.php:4

    public function __construct()
    {
        $this->logger = new Logger();
        //                  ^ defined: src/Util/Logger.php:4
    }

    public function run(Shape $shape, Logger $log): void
    //                  ^ defined: src/Models/Shape.php:9
    {
        $c = new Circle(2.0);
        //       ^ defined: src/Models/Circle.php:8
        $c->area();
        //  ^ defined: src/Models/Circle.php:13
        $c->describe();
        //  ^ defined: src/Models/Describes.php:6
        $c->name();
        //  ^ defined: src/Models/Circle.php:18
        $c->self()->name();
        //  ^ defined: src/Models/Shape.php:20
        //          ^ defined: src/Models/Circle.php:18
        $shape->name();
        //      ^ defined: src/Models/Shape.php:15
        $shape->origin->dist(P::zero());
        //              ^ defined: src/Models/Point.php:10
        //                      ^ defined: src/Models/Point.php:15
        $p = P::zero();
        $p->dist($p);
        //  ^ defined: src/Models/Point.php:10
        $log->log('x');
        //    ^ defined: src/Util/Logger.php:6
        $this->logger->log('y');
        //             ^ defined: src/Util/Logger.php:6
        $this->cached->center()->dist($p);
        //             ^ defined: src/Models/Circle.php:23
        //                       ^ defined: src/Models/Point.php:10
        $w = $shape->self();
        $w->name();
        //  ^ defined: src/Models/Shape.php:15
        $other = new OtherLogger();
        //           ^ defined: src/Other/Logger.php:4
        $other->log('z');
        //      ^ defined: src/Other/Logger.php:6
        format_num(1.0);
      //^ defined: src/Util/functions.php:4
        strlen('abc');
      //^ unresolved: strlen from -
        new Widget();
        //  ^ unresolved: App.Missing.Widget from -
        $client = new Client();
        //            ^ unresolved: GuzzleHttp.Client from GuzzleHttp.Client
        $client->get('/');
        //       ^ unresolved: GuzzleHttp.Client.get from GuzzleHttp.Client
        if ($shape instanceof Circle) {
            //                ^ defined: src/Models/Circle.php:4
            $shape->area();
            //      ^ defined: src/Models/Circle.php:13
        }
        $class = P::class;
        //       ^ defined: src/Models/Point.php:4
    }

    public function untyped($thing): void
    {
        $thing->log('a');
        //      ^ ambiguous: src/Util/Logger.php:6, src/Other/Logger.php:6
        $thing = new Circle();
        $thing->area();
        //      ^ ambiguous: src/Models/Shape.php:6, src/Models/Circle.php:13, src/Util/Report.php:9
    }

    public function closures(): void
    {
        $logger = new Logger();
        $each = function (OtherLogger $logger) {
            $logger->log('inner');
            //       ^ ambiguous: src/Util/Logger.php:6, src/Other/Logger.php:6
        };
        $logger->log('outer');
        //       ^ ambiguous: src/Util/Logger.php:6, src/Other/Logger.php:6
    }
}
